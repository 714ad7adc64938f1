"""The log's sentences for a ruleset's actions (`core.words`): past tense, the list's words, per seat."""

from __future__ import annotations

from tabletop.core import Session
from tabletop.core.words import action_todo, action_words, cards_phrase, fill, past
from tabletop.rules import get_ruleset


def _session(name: str, seed: int = 1, enforcement: str = "strict") -> Session:
    rules = get_ruleset(name)
    return Session(rules.new_game(2, seed=seed, enforcement=enforcement), rules)


def _text(session: Session, seat: int | None, entry: object = None) -> str:
    entry = entry if entry is not None else session.history[-1]
    return entry.for_seat(seat).get("text", "")  # type: ignore[attr-defined]


def test_past_tense_and_fill() -> None:
    assert past("Buy 2 cards") == "bought 2 cards"
    assert past("Deploy Ann to the field") == "deployed Ann to the field"
    assert past("Value Lights at 3") == "valued Lights at 3"
    assert past("Pass") == "passed"
    names = {"piece": "Queen", "count": 2, "role": "Act", "pay": False, "amount": 0}
    name = lambda k, v: str(v)  # noqa: E731
    assert fill("Buy {count} card{count:s} ({count:costs})", names, name) == "Buy 2 cards"
    assert fill("Play {piece} as {role:a}", names, name) == "Play Queen as an Act"
    assert fill("{pay:Pay for|Discard} {piece} {amount:?}", names, name) == "Discard Queen"
    # a count of 0 is no count (a card chosen in plain sight has no place among unseen ones); a seat 0 is a seat
    assert fill("Choose{amount:# unseen card no. |} {piece}", names, name) == "Choose Queen"
    assert fill("Choose{count:# unseen card no. |}{count:?}", names, name) == "Choose unseen card no. 2"
    assert fill("Play{seat: for |}{seat}", {"seat": 0}, name) == "Play for 0"
    assert cards_phrase(["Ace", "King"], 1) == "Ace, King and 1 other card"
    assert cards_phrase([], 2) == "2 cards"


def test_every_ruleset_action_a_seat_chooses_has_words() -> None:
    """The list, the log and the status line read one phrase per action type (the class's `words` and `todo`)."""
    for name in ("tragedy", "xfiles-ccg", "xfiles-fan"):
        rules = get_ruleset(name)
        state = rules.new_game(2, seed=1, enforcement="strict")
        for seat in state.seats:
            for action in rules.generate_actions(state, seat):
                assert action_words(action.type) or getattr(type(action), "told", None), action.type
                assert action_todo(action.type), action.type


def test_xfc_free_draw_and_buy_name_the_cards_to_the_drawer_only() -> None:
    from tabletop.rules.xfiles_ccg.actions import Buy, FreeDraw, Pass

    s = _session("xfiles-ccg")
    active = s.state.rules["active"]
    other = 1 - active
    assert s.submit(FreeDraw(), active).accepted
    hand = s.state.zones[f"hand:{active}"].pieces
    drawn = s.history[-1]
    title = s.rules.card_title(s.state, next(p for p in hand if p in drawn.seen))
    # then the RES that rule xfc.briefing.2 added to the pool, with why (`Tx.changed`)
    res = "; Seat 1's RP 5 -> 11: the RES of the Agents not in the Hospital (rule xfc.briefing.2)".replace(
        "Seat 1", s.state.seat_name(active))
    assert _text(s, active) == f"took the free draw and drew {title}{res}"
    assert _text(s, other) == f"took the free draw and drew 1 card{res}"
    assert title not in _text(s, None)
    while s.state.rules.get("step") != "buy":
        assert s.submit(Pass(), s.state.rules.get("priority", active)).accepted
    assert s.submit(Buy(2), active).accepted
    mine, theirs = _text(s, active), _text(s, other)
    mine, why = mine.split("; ")
    assert mine.startswith("bought 2 cards and drew ") and mine.count(",") + mine.count(" and ") >= 2, mine
    assert theirs == f"bought 2 cards and drew 2 cards; {why}"
    assert why.endswith("RP 11 -> 9: bought 2 cards (rule xfc.briefing.3)"), why


def test_tragedy_an_act_resolving_to_the_discard_is_logged_with_its_name() -> None:
    from tabletop.rules.tragedy import PassPriority
    from tabletop.rules.tragedy.actions import PlayCard

    s = _session("tragedy")
    state = s.state
    seat = state.rules["priority"]
    act = next(a for a in s.rules.generate_actions(state, seat) if isinstance(a, PlayCard) and a.role == "Act")
    assert s.submit(act, seat).accepted
    title = s.rules.card_title(state, act.piece)
    for who in (0, 1, None):
        assert _text(s, who) == f"played {title} as an Act"
    for _ in range(4):
        if state.pieces[act.piece].zone.startswith("discard"):
            break
        assert s.submit(PassPriority(), state.rules["priority"]).accepted
    assert state.pieces[act.piece].zone == f"discard:{seat}"
    owner = state.player(seat).name
    for who in (0, 1, None):
        assert f"{title} resolved and went to {owner}'s Discard" in _text(s, who), _text(s, who)


def test_xfiles_fan_says_the_setup_step_in_words() -> None:
    from tabletop.rules.xfiles_fan.actions import ChooseFirst

    s = _session("xfiles-fan")
    r = s.state.rules
    decider = r["pending"][0]["seat"]
    assert s.rules.game_status(s.state, decider).extra["todo"] == "choose who plays first"
    assert s.submit(ChooseFirst(decider), decider).accepted
    assert _text(s, 1 - decider) == f"chose {s.state.player(decider).name} to play first"
    pending = s.state.rules["pending"][0]
    todo = s.rules.game_status(s.state, pending["seat"]).extra["todo"]
    assert todo == f"play a {pending['role']} card from the environment deck", todo
    env = next(iter(s.rules.generate_actions(s.state, pending["seat"])))
    assert s.submit(env, pending["seat"]).accepted
    title = s.rules.card_title(s.state, env.piece)
    assert _text(s, 1 - pending["seat"]) == f"played {title} from the environment deck"


def test_sentences_call_a_seat_by_the_name_its_player_goes_by_here() -> None:
    """A LAN host records the name a player joined with (`GameState.seat_names`); every sentence uses it."""
    from tabletop.core.messages import hidden_place
    from tabletop.rules.xfiles_fan.actions import ChooseFirst

    s = _session("tragedy")
    s.state.seat_names[s.state.rules["priority"]] = "Ben"
    holder = s.state.rules["priority"]
    assert "Ben has priority" in s.rules.game_status(s.state, 1 - holder).prompt
    hand = s.state.zones[f"hand:{holder}"].pieces[0]
    assert hidden_place(s.state, hand) == "a card in Ben's Hand"
    assert s.state.seat_names and s.state.copy().seat_names == {}  # not part of the table: never saved

    f = _session("xfiles-fan")
    decider = f.state.rules["pending"][0]["seat"]
    f.state.seat_names = {0: "Ann", 1: "Ben"}
    assert f.submit(ChooseFirst(1), decider).accepted
    assert _text(f, 0) == "chose Ben to play first"
    assert f.rules.game_status(f.state, 0).prompt.startswith("Setup")
    assert "Ben" in f.rules.game_status(f.state, 0).prompt


def test_a_game_read_back_from_its_save_words_its_log_too() -> None:
    from tabletop.rules.xfiles_ccg.actions import FreeDraw
    from tabletop.store import dump_save, parse_save

    s = _session("xfiles-ccg")
    active = s.state.rules["active"]
    assert s.submit(FreeDraw(), active).accepted
    loaded = parse_save(dump_save(s.state, s.history), "<test>")
    again = Session(loaded.state, s.rules, history=loaded.history)
    assert again.log_for(1 - active)[-1]["text"].startswith("took the free draw and drew 1 card; ")
    assert again.log_for(active)[-1]["text"].startswith("took the free draw and drew ")
    assert again.log_for(active)[-1]["text"] != "took the free draw and drew 1 card"


def test_a_log_entry_does_not_keep_its_session_alive() -> None:
    """Entries word themselves through the session weakly: no reference cycle for the garbage collector to find
    (a bound method on every entry made each self-play game leave ~13k objects to it, a quarter of the lab's time)."""
    import gc
    import weakref

    from tabletop.rules.xfiles_ccg.actions import FreeDraw

    s = _session("xfiles-ccg")
    assert s.submit(FreeDraw(), s.state.rules["active"]).accepted
    entry = s.history[-1]
    assert _text(s, s.state.rules["active"]).startswith("took the free draw and drew ")
    alive = weakref.ref(s)
    gc.disable()
    try:
        del s
        assert alive() is None  # freed by its reference count alone
    finally:
        gc.enable()
    assert entry.words is not None and entry.words(entry, 0, lambda pid: True) is None


def test_xfiles_fan_promises_a_pass_only_to_a_seat_with_nothing_to_play() -> None:
    """xff.3.2: a seat with a legal card may not pass, so the turn's prompt does not offer "or pass" (the window showed
    no Pass and a newcomer looked for one); it says so alike to both seats, telling nothing of the hand."""
    from tabletop.rules.bots import GreedyBot

    s = _session("xfiles-fan")
    bot = GreedyBot(s.rules)
    for _ in range(50):  # the setup's choices, then a turn begins
        if s.state.rules.get("turn") is not None and not s.state.rules.get("pending"):
            break
        seat = next(iter(s.rules.waiting_for(s.state)))
        assert s.submit(bot.choose(s.state, seat), seat).accepted
    turn = s.state.rules["turn"]
    prompts = [str(s.rules.game_status(s.state, seat).prompt) for seat in (turn, 1 - turn)]
    for prompt in prompts:
        assert "pass only with none to play" in prompt and ", or pass" not in prompt, prompt
    assert prompts[0].split(":", 1)[1] == prompts[1].split(":", 1)[1]


def test_a_whole_hand_drawn_by_a_rules_action_is_named_to_the_drawer() -> None:
    """X-Files Fan's period start draws 13 cards: the drawer's log line read "…, and 7 more" (a newcomer's trial);
    it names every card, and the other seat reads the count only."""
    from tabletop.rules.simulate import play_session

    _, session = play_session("xfiles-fan", ["greedy", "random"], 5, max_actions=20)
    entry = next(e for e in session.history if sum(1 for ev in e.events if getattr(ev, "dst", "") == "hand:0") >= 13)
    mine, theirs = (session.line_for(entry, seat)["text"] for seat in (0, 1))
    assert "more" not in mine and mine.count(",") >= 11
    assert "13 cards" in theirs
