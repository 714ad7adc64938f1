"""Every ruleset played for a few turns by clicks and keys only, in the real app loop, and the game state checked.

Why: the engine tests prove the rules; these prove a player can reach them through the window. Each scenario
posts real pygame input (see drivekit.py) aimed by the app's own layout (zone rectangles, hand-strip cards, the
top bar's buttons, the legal-moves list's rows, the board's buttons) and never calls the engine or the app's
commands to make a move; it reads what the window shows to decide, and the session's state and log to check.
Seeded, so every run plays the same game. The dummy video driver runs them by default; `test_in_a_real_window`
runs them again in a real X window (a private Xvfb, or $DISPLAY) when one can be had, and skips otherwise.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from tabletop.game import new_session
from tabletop.ui import TableApp
from tests.ui.drivekit import DriveError, Driver

REAL_WINDOW_ENV = "TABLETOP_DRIVE_REAL_WINDOW"
ROOT = Path(__file__).resolve().parents[2]


def table(ruleset: str, enforcement: str, seed: int = 1, size: tuple[int, int] = (1280, 800)) -> Driver:
    """A new two-seat game in a window seen by seat 1, as `tabletop play --ruleset R --seed N` opens it."""
    session = new_session(ruleset, 2, enforcement=enforcement, seed=seed)
    app = TableApp(session, seat=0, size=size, fps=0, physics=False)
    app.run_frames(2)
    return Driver(app)


def actions(drv: Driver) -> list[str]:
    """The type of every logged action, oldest first (what the game recorded the clicks as)."""
    return [e.action.type for e in drv.app.session.history]


def zone_pids(drv: Driver, zone: str) -> list[str]:
    return list(drv.app.session.state.zones[zone].pieces)


def play_until(drv: Driver, done: Callable[[], bool], decide: Callable[[Driver], None], decider: Callable[[], int | None],
               limit: int = 80) -> None:
    """Hand the table to whoever must act (as the status says) and let `decide` click, until `done`."""
    for _ in range(limit):
        if done():
            return
        seat = decider()
        if seat is None:
            raise DriveError(f"nobody is to act: {drv.rules().get('prompt')}")
        drv.sit(seat)
        decide(drv)
    raise DriveError(f"not done after {limit} decisions: {drv.rules()}")


# ---------------------------------------------------------------------- freeform


def play_freeform(drv: Driver) -> None:
    """Each seat draws with D over the deck, drags the card from its hand strip onto the table, and hands on."""
    state = drv.app.session.state
    played: list[str] = []
    for turn, by_key in ((0, False), (1, True)):
        seat = drv.app.seat
        assert seat == turn
        hand_before = len(state.zones[f"hand:{seat}"].pieces)
        drv.key(pygame.K_d, at=drv.stack_spot("deck"))
        hand = zone_pids(drv, f"hand:{seat}")
        assert len(hand) == hand_before + 1, drv.notices()
        assert re.search(rf"Seat {seat + 1} drew", drv.log_lines()[-1]), drv.log_lines()
        card = hand[-1]
        assert card in [c.pid for c in drv.hand_cards()], "the drawn card is not in the hand strip"
        drv.drag(drv.hand_spot(card), drv.zone_spot("table"))
        assert card in zone_pids(drv, "table"), drv.notices()
        assert card not in zone_pids(drv, f"hand:{seat}")
        played.append(card)
        drv.next_seat(by_key=by_key)
    assert drv.app.seat == 0
    assert actions(drv) == ["draw", "move", "draw", "move"]
    assert all(state.zones["table"].pieces.count(p) == 1 for p in played)
    lines = drv.log_lines()
    assert [line.split()[:3] for line in lines] == [[str(i), "Seat", str(s)] for i, s in ((1, 1), (2, 1), (3, 2), (4, 2))]
    assert all(re.search(r"\btable\b", line, re.I) for line in lines[1::2]), lines


# ---------------------------------------------------------------------- tragedy


def play_tragedy(drv: Driver) -> None:
    """Warn mode: pass through the steps (Pass button and P); each turn the active seat plays an Act in the
    Performance and an Actor in Enter Stage from the list (each goes on the Stack, then resolves: the Act to the
    discard, the Actor to the Actor Tableau); a drag the rules flag is undone with Ctrl+Z; two whole turns."""
    state = drv.app.session.state
    acts: dict[int, str] = {}
    actors: dict[int, str] = {}
    flagged: list[bool] = []
    by_key = [False]

    def decide(d: Driver) -> None:
        r = d.rules()
        seat = d.app.seat
        if r["phase"] == "Performance" and r.get("active") == seat and seat not in acts and not r.get("stack"):
            if not flagged:  # a drag onto the actor tableau: warn lets it through, flags the rule, Ctrl+Z takes it back
                card = d.hand_cards()[0].pid
                d.drag(d.hand_spot(card), d.zone_spot(f"actors:{seat}"))
                assert card in zone_pids(d, f"actors:{seat}")
                assert any("0000.3.6.1" in n for n in d.notices()), d.notices()
                d.key(pygame.K_z, pygame.KMOD_CTRL, at=d.table_area().center)
                assert card in zone_pids(d, f"hand:{seat}"), "Ctrl+Z did not take the drag back"
                flagged.append(True)
            text = d.click_move(r"^Play .+ as (an )?Act$")
            name = re.match(r"^Play (.+) as (an )?Act$", text).group(1)
            pid = next(p for p in state.zones[f"stack:{seat}"].pieces if d.card_name(p) == name)
            acts[seat] = pid
            return
        if r["phase"] == "Enter Stage" and r.get("active") == seat and seat not in actors and not r.get("stack"):
            text = d.click_move(r"^Play .+ as (an )?Actor$")
            name = re.match(r"^Play (.+) as (an )?Actor$", text).group(1)
            actors[seat] = next(p for p in state.zones[f"stack:{seat}"].pieces if d.card_name(p) == name)
            return
        # alternate the two ways to pass: the top bar's button and the P key
        by_key[0] = not by_key[0]
        if by_key[0]:
            assert d.pass_visible(), d.moves()
            d.key(pygame.K_p, at=d.table_area().center)
        else:
            d.click_pass()

    first = drv.rules()["active"]
    play_until(drv, lambda: drv.rules()["turn"] >= 3, decide, lambda: drv.rules().get("priority"), limit=120)
    assert set(acts) == {0, 1}, f"each seat played an Act: {acts}"
    for seat, pid in acts.items():
        assert pid in zone_pids(drv, f"discard:{seat}"), "the Act resolved to its owner's discard"
    assert set(actors) == {0, 1}, f"each seat staged an Actor: {actors}"
    for seat, pid in actors.items():
        assert pid in zone_pids(drv, f"actors:{seat}"), "the Actor resolved into its owner's Actor Tableau"
    assert drv.rules()["active"] == first, "two turns: the first player is active again"
    types = actions(drv)
    assert types.count("tragedy.play") == 4 and "pass" in " ".join(types)
    assert sum(bool(re.search(r"play(ed)? .+ as (an )?act", line, re.I)) for line in drv.log_lines()) >= 2


# ---------------------------------------------------------------------- X-Files Fan


def fan_decider(drv: Driver) -> int | None:
    r = drv.rules()
    pending = r.get("pending") or []
    if pending:
        return pending[0].get("seat")
    return r.get("active")


def _no_action(target: object) -> bool:
    """The board's "No Action card" button (a board target is an action dict, or "toggle" for its header)."""
    return isinstance(target, dict) and target.get("type") == "xfiles-fan.no_action"


def play_xfiles_fan(drv: Driver) -> None:
    """Strict: choose who plays first, play the SCULLY / MULDER / X-FILES environment from the list, then each seat
    plays a card into the round from the list and answers "Play an Action card, or none" with the board's button."""
    state = drv.app.session.state
    drv.click_move(r"^Choose Seat 1 to play first$")
    for _ in range(3):
        drv.sit(fan_decider(drv))
        assert re.search(r"SCULLY|MULDER|X-FILES", drv.rules()["prompt"]), drv.rules()["prompt"]
        drv.click_move(r"^Play .+ from the environment deck$")
    assert drv.rules()["phase"] == "play"
    assert len(state.zones["environment"].pieces) == 3
    assert all(len(state.zones[f"hand:{s}"].pieces) == 13 for s in (0, 1))
    played: dict[int, list[str]] = {0: [], 1: []}
    start_turn = drv.rules()["turn"]

    def decide(d: Driver) -> None:
        r = d.rules()
        if any(_no_action(t) for _, t in d.hud_buttons()):
            d.click_hud(_no_action)
            return
        if "Play no Action card" in d.moves():  # the board starts folded in a low window: the list answers it too
            d.click_move(r"^Play no Action card$")
            return
        plays = [m for m in d.moves() if m.startswith("Play ")]
        if plays:
            before = set(state.zones["round"].pieces)
            d.click_move(lambda t: t == plays[0])
            new = set(state.zones["round"].pieces) - before
            assert len(new) == 1, f"{plays[0]!r} put {len(new)} cards in the round"
            played[d.app.seat].extend(new)
            return
        if d.pass_visible():
            d.click_pass()
            return
        raise DriveError(f"nothing to click for {r.get('prompt')!r}: {d.moves()}")

    play_until(drv, lambda: all(played.values()) and drv.rules()["turn"] >= start_turn + 2, decide,
               lambda: fan_decider(drv))
    for cards in played.values():
        assert cards and all(p in state.zones["round"].pieces for p in cards)
    assert drv.rules()["round_score"] != 0
    log = drv.log_lines()
    assert sum(bool(re.search(r"Seat \d played ", line, re.I)) for line in log) >= 2
    assert any("no action" in line.lower() for line in log)


# ---------------------------------------------------------------------- X-Files CCG

CCG_TURN = ["Briefing", "Requisition", "Deployment", "Case Assignment", "Investigation", "Debriefing"]
#: what a player picks from the list, first match wins; anything else: Pass
CCG_WANTS = [r"^Take the free draw", r"^Sell\b", r"^Buy\b", r"^Requisition\b", r"^Deploy\b", r"^Place Site\b", r"^Investigate\b",
             r"^Play\b", r"^Apply\b", r"^Discard\b"]


def _guess(target: object) -> bool:
    return isinstance(target, dict) and target.get("type") == "xfc.guess"


def _printed_skill(drv: Driver, pid: str, skill: str) -> int:
    card = drv.app._card(drv.face(pid) or "")
    value = {k.lower(): v for k, v in (card.fields.get("skills") or {}).items()}.get(skill.lower()) if card else None
    return value if isinstance(value, int) else 0


def _best_deploy(drv: Driver) -> str | None:
    """Which Agent a player sends to the Field: the one whose printed skill best meets a prerequisite printed on a
    Site in their hand ("CRIMINAL INVESTIGATION 4+"), read off the faces in the hand strip."""
    needs: list[str] = []
    for c in drv.hand_cards():
        card = drv.app._card(drv.face(c.pid) or "")
        if card is not None and card.fields.get("prerequisite"):
            needs += [m.group(1).strip() for m in re.finditer(r"([A-Za-z][A-Za-z ]+?)\s+\d+\+",
                                                              str(card.fields["prerequisite"]))]
    names = {a["name"]: a["piece"] for a in drv.rules()["agents"][str(drv.app.seat)]}
    best: tuple[int, str] | None = None
    for row in drv.app.legal.rows:
        for text in row.texts:
            found = re.match(r"^Deploy (.+) to the field$", text)
            if found and found.group(1) in names:
                score = max((_printed_skill(drv, names[found.group(1)], n) for n in needs), default=0)
                if best is None or score > best[0]:
                    best = (score, text)
    return best[1] if best else None


def _team_skill(drv: Driver, move: str) -> int:
    """What a player adds up before sending a Team: the skill an Investigate row names, as printed on the faces of
    the Agents it names (the seat's own Agents, face up on its side of the table)."""
    found = re.search(r"^Investigate .+ with (.+) \((.+)\)$", move)
    if found is None:
        return -1
    team, skill = found.group(1), found.group(2)
    return sum(_printed_skill(drv, a["piece"], skill) for a in drv.rules()["agents"][str(drv.app.seat)]
               if a["name"] in team)


def play_xfiles_ccg(drv: Driver) -> None:
    """Strict: two whole turns through Briefing (free draw; sell and buy), Requisition, Deployment, Case Assignment,
    Investigation (a skill check with cards and their effects, then a question from the list and a guess from the
    board's button) and Debriefing, every step from the list, the board or Pass."""
    state = drv.app.session.state
    phases: dict[int, list[str]] = {}
    clicked: Counter[tuple[int, str]] = Counter()
    #: how many of a kind a player takes per turn: cards into the check, one item, agents to the field
    most = {r"^Play\b": 3, r"^Requisition\b": 1, r"^Deploy\b": 2, r"^Sell\b": 1, r"^Apply\b": 3}
    asked: list[str] = []
    guessed: list[dict] = []

    def decide(d: Driver) -> None:
        r = d.rules()
        turn, phase = r["turn"], r["phase"]
        seen = phases.setdefault(turn, [])
        if not seen or seen[-1] != phase:
            seen.append(phase)
        if r.get("step") == "question":
            if not asked and any(m.startswith("Ask") for m in d.moves()):
                asked.append(d.click_move(r"^Ask\b"))
                return
            guesses = [t for _, t in d.hud_buttons() if _guess(t)]
            if not guessed and guesses:  # the board's last Guess button (with this seed, a wrong guess: play goes on)
                guessed.append(d.click_hud(lambda t: t is guesses[-1]))
                return
        for want in CCG_WANTS:
            if want == r"^Play\b" and r.get("step") == "check" and d.app.seat != r.get("active"):
                continue  # the other seat lets the check be (a friendly first game): no card against it
            picks = [m for m in d.moves() if re.search(want, m)]
            if picks and clicked[turn, want] < most.get(want, 99):
                pick = picks[0]
                if want == r"^Investigate\b":
                    pick = max(picks, key=lambda m: _team_skill(d, m))
                elif want == r"^Deploy\b":
                    pick = _best_deploy(d) or pick
                d.click_move(lambda t, pick=pick: t == pick)
                clicked[turn, want] += 1
                return
        d.click_pass()

    first = drv.rules()["active"]
    agents0 = {a["piece"] for a in drv.rules()["agents"][str(first)]}
    play_until(drv, lambda: drv.rules()["turn"] >= 3, decide, lambda: drv.rules().get("decision"), limit=160)
    for turn in (1, 2):
        order = [p for p in phases[turn] if p in CCG_TURN]
        assert order == CCG_TURN, f"turn {turn} went {phases[turn]}"
    types = actions(drv)
    for t in ("xfc.free_draw", "xfc.sell", "xfc.buy", "xfc.requisition", "xfc.deploy", "xfc.site", "xfc.investigate",
              "xfc.play", "xfc.ask", "xfc.guess"):
        assert t in types, f"no {t} in {types}"
    # a card's effect changed the check: applied by hand (xfc.effect) or run by the engine from its text
    assert "xfc.effect" in types or any("check (now" in line for line in drv.log_lines()), types
    field = set(state.zones[f"field:{first}"].pieces)
    assert len(field & agents0) >= 2, "the first player's agents were deployed to the field"
    agents = drv.rules()["agents"][str(first)]
    assert any(a["equipment"] for a in agents), "the requisitioned item is on an agent"
    # the question's answer is in the asker's Notebook (the asker reads it at their seat)
    asker = next(e.seat for e in drv.app.session.history if e.action.type == "xfc.ask")
    drv.sit(asker)
    answers = drv.rules()["notebook"]["opponents"][0]["answers"]
    assert answers and asked[0].endswith(f"{answers[0]['value']}?"), (asked, answers)
    log = " | ".join(drv.log_lines())
    for words in ("took the free draw", "requisitioned", "deployed", "site", "investigated", "bought", "asked",
                  "guessed"):
        assert words in log.lower(), f"{words!r} not in the log"


QUICK = ("freeform", "xfiles-fan")
#: ruleset -> (rules dial, seed, scenario); with the X-Files CCG's seed 1 the first player's first skill check
#: succeeds (the Agents the drive sends to the Field match the Site in hand, and a card is played into the check),
#: so the question and the guess are reached in the first turn
SCENARIOS: dict[str, tuple[str, int, Callable[[Driver], None]]] = {
    "freeform": ("off", 1, play_freeform),
    "tragedy": ("warn", 1, play_tragedy),
    "xfiles-fan": ("strict", 1, play_xfiles_fan),
    "xfiles-ccg": ("strict", 1, play_xfiles_ccg),
}
#: 800x600 too, where the layout is tightest, for the quick drives (the run stays under a minute of CPU)
#: the size the real-window run plays every drive at
REAL_WINDOW_SIZE = "1280x800"
SIZES = [(r, s) for r in sorted(SCENARIOS) for s in ("1280x800", "800x600") if s == "1280x800" or r in QUICK]


def _real_window_plays(size: str) -> bool:
    """Whether `test_in_a_real_window` plays this size's drives (1280x800: in a real window, or here with the dummy
    driver when there is none), so each drive is played once, in the stronger window to be had."""
    return size == REAL_WINDOW_SIZE and not os.environ.get(REAL_WINDOW_ENV)


@pytest.mark.parametrize(("ruleset", "size"), [pytest.param(r, s, id=f"{r}-{s}") for r, s in SIZES])
def test_turns_by_clicks_and_keys(ruleset: str, size: str) -> None:
    if _real_window_plays(size):
        pytest.skip("played in a real X window by test_in_a_real_window")
    mode, seed, scenario = SCENARIOS[ruleset]
    w, h = (int(v) for v in size.split("x"))
    drv = table(ruleset, mode, seed=seed, size=(w, h))
    if os.environ.get(REAL_WINDOW_ENV):
        assert pygame.display.get_driver() == "x11", f"asked for a real window, got {pygame.display.get_driver()}"
    scenario(drv)
    assert drv.app.running


# ---------------------------------------------------------------------- steps the window could not do at a94f348


def test_xfiles_ccg_buy_with_rp_by_clicks() -> None:
    drv = table("xfiles-ccg", "strict")
    drv.click_move(r"^Take the free draw\b")
    assert drv.rules()["step"] == "buy" and drv.rules()["pools"]["0"]["rp"] > 0
    hand = len(zone_pids(drv, "hand:0"))
    drv.click_move(r"^Buy")
    assert len(zone_pids(drv, "hand:0")) > hand


def test_xfiles_fan_glowing_environment_card_plays_by_drag() -> None:
    drv = table("xfiles-fan", "strict")
    drv.click_move(r"^Choose Seat 1 to play first$")
    glowing = sorted(drv.app.legal.pieces)
    assert len(glowing) == 1, f"one card glows: {glowing}"
    drv.drag(drv.item_spot(glowing[0]), drv.zone_spot("environment"))
    assert glowing[0] in zone_pids(drv, "environment"), drv.notices()


# ---------------------------------------------------------------------- the same, in a real window


def _free_display() -> int:
    for n in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


def _real_display() -> tuple[str, subprocess.Popen | None] | None:
    """A private Xvfb (preferred: nothing else draws on it), else $DISPLAY; None when neither can be had."""
    if shutil.which("Xvfb"):
        n = _free_display()
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                return f":{n}", proc
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        proc.kill()
        proc.wait()
    if os.environ.get("DISPLAY"):
        return os.environ["DISPLAY"], None
    return None


@pytest.mark.skipif(bool(os.environ.get(REAL_WINDOW_ENV)), reason="already inside the real-window run")
def test_in_a_real_window() -> None:
    """The 1280x800 scenarios with SDL's X11 driver: a real window, the same posted input and checks (with the
    dummy driver, in this process, when no X display or X11 driver can be had)."""
    found = _real_display()
    if found is None:
        _play_here("no X display: neither Xvfb nor $DISPLAY")
        return
    display, proc = found
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", **{REAL_WINDOW_ENV: "1"})
    try:
        run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-x",
                              str(Path(__file__).relative_to(ROOT)), "-k",
                              f"test_turns_by_clicks_and_keys and {REAL_WINDOW_SIZE}"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=10)
    out = run.stdout + run.stderr
    if run.returncode != 0 and "x11 not available" in out.lower():
        _play_here(f"SDL has no X11 driver here: {out[-300:]}")
        return
    assert run.returncode == 0, out[-3000:]
    # every 1280x800 drive ran and passed in the real window
    assert "4 passed" in out and "xfail" not in out and "skipped" not in out, out[-1000:]


def _play_here(why: str) -> None:
    """Every 1280x800 drive with the dummy driver in this process (no real window: `why`)."""
    w, h = (int(v) for v in REAL_WINDOW_SIZE.split("x"))
    for ruleset in sorted(SCENARIOS):
        mode, seed, scenario = SCENARIOS[ruleset]
        drv = table(ruleset, mode, seed=seed, size=(w, h))
        scenario(drv)
        assert drv.app.running, (ruleset, why)
        pygame.event.clear()
