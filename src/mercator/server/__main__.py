"""``python -m mercator.server --port N --database URL``: the server without the CLI's imports."""

import argparse

# Flags that set a Settings field when given (docs/hosting.md describes each limit).
LIMITS: list[tuple[str, str, type, str]] = [
    ("--rate", "rate_per_second", float, "Requests per second per valid token (or per client address)"),
    ("--burst", "rate_burst", float, "Burst size of that bucket"),
    ("--create-burst", "create_burst", float, "Games and players one client address may create at once"),
    ("--create-per-minute", "create_per_minute", float, "... and then per minute"),
    ("--forwarded-allow-ips", "forwarded_allow_ips", str,
     "Reverse proxies (comma-separated addresses, or *) whose X-Forwarded-For is believed "
     "(default: $FORWARDED_ALLOW_IPS, else 127.0.0.1,::1)"),
    ("--request-timeout", "request_timeout_seconds", float, "Seconds a client has to send a whole request"),
    ("--keep-alive", "keep_alive_seconds", int, "Seconds an idle keep-alive connection stays open"),
    ("--max-header-bytes", "max_header_bytes", int, "Largest request line plus headers"),
    ("--max-body-bytes", "max_body_bytes", int, "Largest request body"),
    ("--max-ws-message-bytes", "max_ws_message_bytes", int, "Largest WebSocket message from a client"),
    ("--db-wait", "db_wait_seconds", float,
     "Seconds a request waits for a locked SQLite file or a PostgreSQL connection before a 503"),
    ("--min-clock-bank", "min_clock_bank_seconds", float, "Smallest clock bank a game may ask for, in seconds"),
    ("--min-clock-increment", "min_clock_increment_seconds", float, "Smallest nonzero clock increment, in seconds"),
    ("--bot-workers", "bot_workers", int, "Bot worker processes behind the fair queue (default: one per core)"),
    ("--bot-move-seconds", "bot_move_seconds", float, "Seconds a bot may think about one decision"),
    ("--hints-per-minute", "hints_per_minute", int, "Hints one seat may ask for a minute (one at a time)"),
]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m mercator.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database", default=None)
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--sqlite-synchronous", choices=("FULL", "NORMAL"), default="FULL",
                        help="FULL: fsync before acknowledging; NORMAL: survives a crash of the server, not of the OS")
    parser.add_argument("--http", choices=("h11", "httptools"), default=None,
                        help="HTTP parser: h11 (default) bounds headers and request time; httptools is faster "
                             "but only safe behind a proxy that does both (docs/hosting.md)")
    for flag, field, kind, text in LIMITS:
        parser.add_argument(flag, dest=field, type=kind, default=None, help=text)
    args = parser.parse_args()
    from . import run

    limits = {field: getattr(args, field) for _, field, _, _ in LIMITS if getattr(args, field) is not None}
    if args.http:
        limits["http"] = args.http
    run(args.host, args.port, args.database, args.log_level, sqlite_synchronous=args.sqlite_synchronous, **limits)


if __name__ == "__main__":  # spawned bot workers import this module too and must not start a server
    main()
