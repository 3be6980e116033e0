"""The balance studio: what-if variants (validated like the shipped content, played in worker processes that
load them, recorded, replayed exactly, refused where they are not active), sweeps, luck against skill and skill
curves."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mercator.arena import run_arena
from mercator.engine.content import load_all
from mercator.engine.errors import ContentError, IllegalAction
from mercator.engine.record import GameRecord
from mercator.engine.variants import ENV, Variant, environment, load_overlay, parse_set
from mercator.games import get
from mercator.games.constantinopolis import data

WALLS = [b.id for b in data.content().buildings if b.category == 4]
DEAR = Variant("constantinopolis", tuple((f"buildings.walls.{w}.cost", 99) for w in WALLS), "walls cost 99")


def _walls_bought(results: list[dict]) -> int:
    return sum(u["wall_buildings"] for r in results for u in r["mechanisms"]["uses"])


def test_a_change_is_a_dotted_path_and_a_toml_value() -> None:
    assert parse_set("buildings.walls.porta_aurea.cost=12") == ("buildings.walls.porta_aurea.cost", 12)
    assert parse_set("rules.wall_fp = [0, 1, 3]") == ("rules.wall_fp", [0, 1, 3])
    assert parse_set("buildings.walls.porta_aurea.name=Golden Gate") == ("buildings.walls.porta_aurea.name",
                                                                         "Golden Gate")
    with pytest.raises(ContentError, match="FILE.TABLE.ID.FIELD=VALUE"):
        parse_set("buildings.walls.porta_aurea.cost")


@pytest.mark.parametrize(("change", "says"), [
    ("bildings.walls.porta_aurea.cost=1", "no content file bildings.toml; files: buildings, contracts"),
    ("buildings.wall.porta_aurea.cost=1", "buildings has no 'wall'; it has: "),
    ("buildings.walls.porta_aura.cost=1", "has no row 'porta_aura'; rows: porta_aurea, porta_charisiana"),
    ("markets.markets.forum_tauri.donations.luxury.fp=1",
     'rows: 0 (good="alimentary" qty=4 fp=2), 1 (good="industrial" qty=3 fp=2), 2 (good="luxury" qty=2 fp=3)'),
    ("buildings.walls.porta_aurea.cst=1", "buildings.walls.porta_aurea has no 'cst'; it has: id, name, cost"),
    ("buildings.walls.porta_aurea=1", "name a field of row 'porta_aurea'"),
    ("buildings.walls.porta_aurea.cost=-3", "buildings.toml: table 'walls', row"),
    ("buildings.walls.porta_aurea.cost=cheap", "cost"),
])
def test_a_bad_change_names_what_is_wrong_and_what_exists(change: str, says: str) -> None:
    with pytest.raises(ContentError, match=None) as err:
        data.compile_content(load_all("constantinopolis", data.CONTENT_DIR, data.FILES, (parse_set(change),)))
    assert says in str(err.value), str(err.value)
    with pytest.raises(IllegalAction, match="variant"):  # the arena refuses it before any game runs
        run_arena("constantinopolis", 2, ["random"], 1, variant=Variant("constantinopolis", (parse_set(change),)))


def test_rows_without_an_id_go_by_their_position() -> None:
    """A market card's donation rows have no id: the designer addresses them from 0, as the error lists them."""
    def luxury_fp(content: data.Content) -> int:
        tauri = next(m for m in content.markets if m.id == "forum_tauri")
        return next(fp for good, _, fp in tauri.donations if data.GOODS[good] == "luxury")

    changed = data.compile_content(load_all("constantinopolis", data.CONTENT_DIR, data.FILES,
                                            (parse_set("markets.markets.forum_tauri.donations.2.fp=1"),)))
    assert (luxury_fp(data.content()), luxury_fp(changed)) == (3, 1)


def test_an_overlay_file_names_its_changes(tmp_path: Path) -> None:
    f = tmp_path / "dear.toml"
    f.write_text('name = "dearer gate"\n[set]\n"buildings.walls.porta_aurea.cost" = 12\n')
    assert load_overlay(f) == ("dearer gate", (("buildings.walls.porta_aurea.cost", 12),))
    f.write_text('[sets]\n"a.b" = 1\n')
    with pytest.raises(ContentError, match=r"\[set\] table"):
        load_overlay(f)


def test_a_wall_that_costs_99_is_never_bought_and_the_games_replay_from_their_records(tmp_path: Path) -> None:
    shipped = run_arena("constantinopolis", 2, ["random"], 12, seed=1, workers=2)
    assert _walls_bought(shipped) >= 1  # random players do buy walls at their printed prices
    dear = run_arena("constantinopolis", 2, ["random"], 12, seed=1, workers=2, variant=DEAR)
    assert _walls_bought(dear) == 0
    assert all(r["variant"] == DEAR.to_json() and r["record"]["variant"] == DEAR.to_json() for r in dear)
    assert [r["scores"] for r in dear] != [r["scores"] for r in shipped]
    # This process plays the shipped content: it refuses the variant's record rather than misreplay it.
    record = GameRecord.from_json(dear[0]["record"])
    with pytest.raises(IllegalAction, match="walls cost 99"):
        record.replay()
    assert GameRecord.from_json(shipped[0]["record"]).replay().state_hash() == shipped[0]["record"]["final_hash"]
    # Where the variant is active the record replays bit for bit; `mercator replay` starts it by itself.
    path = tmp_path / "dear.json"
    record.save(path)
    code = ("import sys; from mercator.engine.record import GameRecord; s = GameRecord.load(sys.argv[1]).replay(); "
            "print(s.state_hash())")
    out = subprocess.run([sys.executable, "-c", code, str(path)], env=environment(DEAR), capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == record.final_hash
    cli = subprocess.run([sys.executable, "-c", "from mercator.cli import main; main()", "replay", str(path),
                          "--verify", "--no-show"], env=environment(None), capture_output=True, text=True)
    assert cli.returncode == 0, cli.stdout + cli.stderr
    assert "walls cost 99" in cli.stderr and "verified" in cli.stdout


def test_the_arena_command_takes_changes_and_names_the_variant(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    ok = subprocess.run([sys.executable, "-c", "from mercator.cli import main; main()", "arena", "valencia",
                         "--players", "2", "--bots", "random", "--games", "2", "--json", "--report", str(report),
                         "--set", "rules.editions.valencia.privileges=3"], capture_output=True, text=True,
                        env=environment(None))
    assert ok.returncode == 0, ok.stderr
    summary = json.loads(ok.stdout)
    assert summary["variant"] == "rules.editions.valencia.privileges=3"
    assert "Variant: rules.editions.valencia.privileges=3" in report.read_text()
    bad = subprocess.run([sys.executable, "-c", "from mercator.cli import main; main()", "arena", "valencia",
                          "--games", "1", "--set", "rules.editions.valencia.privilegs=3"], capture_output=True,
                         text=True, env=environment(None))
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "privileges" in bad.stderr


def test_the_environment_of_a_variant_process() -> None:
    env = environment(DEAR)
    assert Variant.from_json(json.loads(env[ENV])) == DEAR
    assert ENV not in environment(None)
    assert get("constantinopolis").name == "constantinopolis"


def test_ray_plays_a_variant_as_the_local_pool_does() -> None:
    pytest.importorskip("ray")
    local = run_arena("constantinopolis", 2, ["greedy", "random"], 4, seed=3, workers=2, variant=DEAR)
    remote = run_arena("constantinopolis", 2, ["greedy", "random"], 4, seed=3, workers=2, variant=DEAR,
                       backend="ray")
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "think_seconds")} for r in local]
    assert strip == [{k: v for k, v in r.items() if k not in ("seconds", "think_seconds")} for r in remote]
    assert _walls_bought(remote) == 0


def test_a_sweep_of_three_variants_is_the_same_on_the_local_pool_and_on_ray(tmp_path: Path) -> None:
    """3 variants x 200 games, side by side; Ray plays exactly the games the local pool plays."""
    pytest.importorskip("ray")
    from mercator.arena import sweep

    sets = ["rules.editions.valencia.start_coins=2,5,9"]
    local = sweep.sweep("valencia", 2, ["easy", "random"], 200, sets, seed=8, workers=2, baseline=False)
    remote = sweep.sweep("valencia", 2, ["easy", "random"], 200, sets, seed=8, workers=2, baseline=False,
                         backend="ray")
    assert [label for label, _ in local] == [f"rules.editions.valencia.start_coins={v}" for v in (2, 5, 9)]

    def same(summary: dict) -> dict:  # everything but the clock
        return {k: v for k, v in summary.items() if k not in ("seconds_per_game",)} | {
            "bots": {b: {k: v for k, v in s.items() if k != "seconds_per_decision"}
                     for b, s in summary["bots"].items()}}

    assert [same(s) for _, s in local] == [same(s) for _, s in remote]
    assert all(s["games"] == 200 for _, s in local)
    coins = [s["mechanisms"]["bots"]["easy"]["points"] for _, s in local]
    assert coins[0] != coins[2]  # the start money changes what the games score
    page = sweep.render(local, "test")
    assert page.count("<tr>") == 1 + 3 + 1 + 3 and "start_coins=9" in page


def test_the_variance_splits_into_the_deal_and_the_rest() -> None:
    from mercator.arena.luck import decompose

    # Every deal a constant: the deal explains everything; every deal alike: nothing.
    assert decompose([[1.0, 1.0], [5.0, 5.0], [9.0, 9.0]]) == {"between": 16.0, "within": 0.0, "luck_share": 1.0}
    same = decompose([[1.0, 5.0], [5.0, 1.0], [1.0, 5.0]])
    assert same["between"] == 0.0 and same["luck_share"] == 0.0 and same["within"] == 8.0
    mixed = decompose([[0.0, 2.0], [10.0, 12.0]])  # means 1 and 11: variance 50, minus within 2 / 2 plays
    assert mixed == pytest.approx({"between": 49.0, "within": 2.0, "luck_share": 49 / 51})
    with pytest.raises(IllegalAction):
        decompose([[1.0, 2.0]])


def test_luck_against_skill_replays_each_deal_with_the_stronger_bot_in_every_seat() -> None:
    from mercator.arena.luck import luck

    out = luck("valencia", 2, "random", "easy", 6, 4, seed=2, workers=2)
    assert out["deals"] == 6 and out["repeats"] == 4
    assert out["strong_wins"]["rate"] > 0.9 and out["edge"]["ci95"][0] > 0  # greedy plays far better than random
    assert 0.0 <= out["variance"]["luck_share"] <= 1.0
    assert out["deals_always_won"] + out["deals_never_won"] <= 6
    assert luck("valencia", 2, "random", "easy", 6, 4, seed=2, workers=1) == out  # the same deals, the same plays
    mirror = luck("valencia", 2, "random", "random", 6, 4, seed=2, workers=2)  # equal bots: no edge to speak of
    assert mirror["edge"]["ci95"][0] < 0 < mirror["edge"]["ci95"][1]
    with pytest.raises(IllegalAction, match="at least twice"):
        luck("valencia", 2, "random", "easy", 6, 1)


def test_a_skill_curve_plays_each_budget_on_the_same_deals() -> None:
    from mercator.arena.luck import skill_curve

    curve = skill_curve("valencia", 2, [3, 60], "random", 4, seed=1, workers=2)
    assert [(row["bot"], row["games"]) for row in curve] == [("ismcts:3", 4), ("ismcts:60", 4)]
    assert all(0.0 <= row["rate"] <= 1.0 and row["ci95"][0] <= row["rate"] <= row["ci95"][1] for row in curve)
    assert curve[1]["margin"] > 0  # a real search beats random play
    with pytest.raises(IllegalAction, match="budget"):
        skill_curve("valencia", 2, [], "random", 4)
