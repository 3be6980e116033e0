"""``python -m mercator.server --port N --database URL``: the server without the CLI's imports."""

import argparse


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m mercator.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database", default=None)
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--rate", type=float, default=None, help="Requests per second per token")
    parser.add_argument("--burst", type=float, default=None, help="Burst size per token")
    parser.add_argument("--sqlite-synchronous", choices=("FULL", "NORMAL"), default="FULL",
                        help="FULL: fsync before acknowledging; NORMAL: survives a crash of the server, not of the OS")
    args = parser.parse_args()
    from . import run

    limits = {k: v for k, v in (("rate_per_second", args.rate), ("rate_burst", args.burst)) if v is not None}
    run(args.host, args.port, args.database, args.log_level, bot_workers=args.bot_workers,
        sqlite_synchronous=args.sqlite_synchronous, **limits)


if __name__ == "__main__":  # spawned bot workers import this module too and must not start a server
    main()
