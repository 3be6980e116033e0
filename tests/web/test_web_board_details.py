"""What the boards show in the details a player checks first: every decree of a day, an empty
stall without a price, one colour per seat on the board and in the Seats panel, and Strasbourg's
build steps in the page's language."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from .play import create_game, open_table


def _create(server: str, game: str, seed: int, players: int, options: dict[str, Any] | None = None) -> tuple[str, str]:
    return create_game(server, game, players, seed, options)


def _open(page: Any, gid: str, token: str, lang: str = "en") -> None:
    open_table(page, gid, token, lang, ready="[data-testid=board] section")


def test_colonia_shows_two_decrees_of_one_day_and_one_colour_per_seat(page: Any, server: str) -> None:
    gid, token = _create(server, "colonia", seed=3, players=4)  # this week has two decrees on Sunday
    _open(page, gid, token)
    sunday = page.locator("[data-testid=day-sunday] [data-testid=decree]")
    assert sunday.count() == 2
    assert len(set(sunday.all_text_contents())) == 2  # drawn in SVG: text, not rendered innerText
    # Both read in one script: the page is redrawn as the bots commit, so two reads could see two pages.
    pairs = page.evaluate("""() => [0, 1, 2, 3].map((s) => [
        getComputedStyle(document.querySelector(`[data-testid=sheet-${s}] h3 span`)).color,
        getComputedStyle(document.querySelector(`[data-testid=seats] .pc${s}`)).color])""")
    for seat, (on_sheet, in_panel) in enumerate(pairs):
        assert on_sheet == in_panel != "", (seat, on_sheet, in_panel)


def test_an_empty_colonia_stall_has_no_price(page: Any, server: str) -> None:
    gid, token = _create(server, "colonia", seed=2, players=4)  # the stalls are empty before the first market
    _open(page, gid, token, "de")
    stalls = page.locator("[data-testid^=stall-]")
    assert stalls.count() == 6
    for text in stalls.all_text_contents():  # drawn in SVG
        assert "leer" in text and "Kosten" not in text, text


def test_strasbourg_build_steps_are_named_in_the_pages_language(page: Any, server: str) -> None:
    gid, token = _create(server, "valencia", seed=1, players=3, options={"edition": "strasbourg"})
    for lang, words in (("de", ("den Kapellenbau", "den Bau des Bauwerks der Runde")),
                        ("ru", ("постройка часовни", "постройка здания раунда"))):
        _open(page, gid, token, lang)
        auction = page.text_content("[data-testid=auction]") or ""  # the row is drawn: each step's title names it
        assert all(w in auction for w in words), auction
        assert "build" not in auction.lower(), auction


def test_valencia_tasks_are_kept_with_checkboxes_and_one_confirm(page: Any, server: str) -> None:
    gid, token = _create(server, "valencia", seed=1, players=3)
    _open(page, gid, token)
    page.wait_for_selector("[data-testid=toggles]")
    assert page.locator("[data-testid=action][data-kind=keep_tasks]").count() == 0  # not 31 buttons
    boxes = page.locator("[data-testid=toggles] [data-testid=toggle]")
    assert boxes.count() == 5
    for i in range(5):
        boxes.nth(i).uncheck()
    confirm = page.locator("[data-testid=toggle-confirm]")
    assert confirm.is_disabled() and "do not allow" in page.inner_text("[data-testid=toggle-note]")
    boxes.nth(0).check()
    boxes.nth(2).check()
    assert confirm.is_enabled()
    confirm.click()
    request = urllib.request.Request(f"{server}/api/games/{gid}/seat?seat=0",
                                     headers={"Authorization": f"Bearer {token}"})
    deadline = time.time() + 10
    while time.time() < deadline:
        with urllib.request.urlopen(request, timeout=10) as response:
            private = json.loads(response.read())["view"]["players"][0]["private"]
        if private["kept_tasks"]:
            break
        time.sleep(0.2)
    assert private["kept_tasks"] == [private["dealt_tasks"][0], private["dealt_tasks"][2]]


def test_seat_names_levels_and_decision_fields_follow_the_language(page: Any, server: str) -> None:
    gid, token = _create(server, "colonia", seed=3, players=4)
    for lang, words in (("de", ("Platz 1", "Bot 2 (leicht)", "Wartet auf", "Geheim gewählt")),
                        ("ru", ("Место 1", "бот 2 (лёгкий)", "Ждём", "Тайный выбор сделан"))):
        _open(page, gid, token, lang)
        page.wait_for_selector("[data-testid=decision]")
        text = page.inner_text("body")
        assert all(w in text for w in words), (lang, [w for w in words if w not in text])
        for english in ("Seat 1", "(easy)", "Waiting", "Committed"):
            assert english not in text, (lang, english)


def test_the_tab_title_says_when_it_is_your_turn(page: Any, server: str) -> None:
    gid, token = _create(server, "colonia", seed=3, players=4)  # everybody picks a family card at once
    _open(page, gid, token, "de")
    page.wait_for_function("() => document.title.startsWith('● Du bist am Zug')")
    page.goto(f"/play/{gid}")  # a spectator has no turn
    page.wait_for_selector("[data-testid=board] section")
    assert page.title() == "Mercator · Colonia"


def test_the_action_bar_shows_the_servers_words_in_the_pages_language(page: Any, server: str) -> None:
    """The buttons carry the texts the server words from the game's catalog, and switching the
    language rewords them at once (the page asks again in the new language)."""
    gid, token = _create(server, "constantinopolis", seed=4, players=2)
    _open(page, gid, token, "de")

    def server_texts(lang: str) -> list[str]:
        request = urllib.request.Request(f"{server}/api/games/{gid}/seat?lang={lang}",
                                         headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            doc = json.loads(response.read())
        return sorted(item["text"] for item in doc["legal"]) if doc["my_turn"] else []

    for lang in ("de", "ru"):
        if lang != "de":
            page.select_option("[data-testid=lang]", lang)
            page.wait_for_function("() => document.documentElement.lang === 'ru'")
        for _ in range(50):  # bots may move meanwhile: compare the page and the server at one version
            expected = server_texts(lang)
            if expected:
                page.wait_for_selector("[data-testid=action]")
            shown = sorted(page.eval_on_selector_all("[data-testid=action]", "els => els.map(e => e.textContent)"))
            # Runs of one numeric choice (bids) are one picker, not buttons: the rest is shown as worded.
            if expected and shown and set(shown) <= set(expected):
                break
            time.sleep(0.2)
        assert expected and shown and set(shown) <= set(expected), (lang, shown, expected)
        assert not set(shown) & set(server_texts("en")), shown


def test_since_your_turn_sums_up_what_the_others_did(page: Any, server: str) -> None:
    """Back on turn after the bots moved, a panel above the actions lists what happened since the
    player's own last action, and those lines are marked in the log; it is gone once it is not
    the player's turn."""
    gid, token = _create(server, "valencia", seed=6, players=3)
    _open(page, gid, token, "en")
    for _ in range(40):  # play on until the bots have acted between two of our turns
        page.wait_for_selector("[data-testid=actionbar]")
        since = page.locator("[data-testid=since-line]")
        if since.count():
            break
        before = page.get_attribute("[data-testid=board]", "data-version")
        buttons = page.locator("[data-testid=action], [data-testid=toggle-confirm]")
        buttons.first.click()
        page.wait_for_function(f"() => document.querySelector('[data-testid=board]')?.dataset.version !== '{before}'")
    texts = page.eval_on_selector_all("[data-testid=since-line]", "els => els.map(e => e.textContent)")
    fresh = page.eval_on_selector_all(".log li.fresh", "els => els.map(e => e.textContent)")
    assert texts and fresh[-len(texts):] == texts, (texts, fresh)
    assert page.is_visible("[data-testid=since]")
    assert page.inner_text("[data-testid=since] h3") == "Since your last move"
    assert "null" not in page.inner_text("[data-testid=since]")


RECORD_NOTIFICATIONS = """(() => {
  const Real = window.Notification;
  window.__notes = [];
  class Recorded extends Real {
    constructor(title, options) { super(title, options); window.__notes.push([title, options && options.body]); }
  }
  Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
  Recorded.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Recorded;
})()"""


def test_your_turn_shows_in_the_tab_icon_and_notifies_once_allowed(browser: Any, server: str) -> None:
    """With notifications allowed, the change to "your turn" (after the bot moved) raises one;
    none is raised at page load; the tab's icon carries a dot while it is the player's turn."""
    context = browser.new_context(base_url=server, permissions=["notifications"])
    context.add_init_script(RECORD_NOTIFICATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        for seed in range(2, 40):  # a game the human opens: it is their turn when the page loads
            gid, token = _create(server, "constantinopolis", seed=seed, players=2)
            request = urllib.request.Request(f"{server}/api/games/{gid}/seat",
                                             headers={"Authorization": f"Bearer {token}"})
            with urllib.request.urlopen(request, timeout=10) as response:
                doc = json.loads(response.read())
            if doc["my_turn"] and doc["version"] == 0:
                break
        _open(page, gid, token, "de")
        page.wait_for_selector("[data-testid=notify-on]")
        page.wait_for_selector("[data-testid=actionbar]")
        assert page.evaluate("window.__notes") == []  # never at page load
        notes: list[Any] = []
        for _ in range(30):
            page.wait_for_selector("[data-testid=actionbar]")
            assert page.get_attribute("link[rel=icon]", "href").startswith("data:image/svg+xml")
            notes = page.evaluate("window.__notes")
            if notes:
                break
            before = page.get_attribute("[data-testid=board]", "data-version")
            page.locator("[data-testid=action]").first.click()
            page.wait_for_function(
                f"() => document.querySelector('[data-testid=board]')?.dataset.version !== '{before}'")
        assert notes and notes[0][0] == "Du bist am Zug", notes
        page.goto(f"/play/{gid}")  # a spectator: no turn, the plain icon, no controls
        page.wait_for_selector("[data-testid=board] section")
        assert page.get_attribute("link[rel=icon]", "href") == "/static/favicon.svg"
        assert not page.locator("[data-testid=notify-on], [data-testid=notify]").count()
    finally:
        context.close()
    assert not errors, errors


def test_a_clock_chosen_at_the_start_counts_down_at_the_table(page: Any, server: str) -> None:
    """A real-time preset on the start page gives every seat a clock; at the table each seat's time
    is shown, and the seats to act count down once a second."""
    page.goto("/")
    page.evaluate("localStorage.setItem('mercator.lang', 'de')")
    page.goto("/")
    page.check("[data-testid=game-colonia] input")  # everybody plays a family card at once
    page.select_option("[data-testid=players]", "3")
    for seat in (1, 2):
        page.select_option(f"[data-testid=seat-{seat}]", "easy")
    page.select_option("[data-testid=clock]", "rt5")
    page.click("[data-testid=create]")
    page.wait_for_url("**/play/**")
    gid = page.url.split("/play/")[1].split("?")[0]
    summary = json.loads(urllib.request.urlopen(f"{server}/api/games/{gid}", timeout=10).read())
    assert summary["clock"] == {"bank_seconds": 300.0, "increment_seconds": 5.0}
    page.wait_for_selector("[data-testid=actionbar]")
    first = page.inner_text("[data-testid=clock-0]")
    assert first in ("5:00", "4:59", "4:58"), first
    page.wait_for_timeout(2500)
    later = page.inner_text("[data-testid=clock-0]")
    to_seconds = lambda text: int(text.split(":")[0]) * 60 + int(text.split(":")[1])  # noqa: E731
    assert to_seconds(later) <= to_seconds(first) - 2, (first, later)
    assert page.get_attribute("[data-testid=clock-0]", "class") == "clock running"
    assert page.get_attribute("[data-testid=clock-0]", "title") == "Verbleibende Bedenkzeit dieses Platzes"
