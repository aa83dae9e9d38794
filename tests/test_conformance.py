"""The game contract (``games/CONTRACT.md``), checked for every game in the
catalogue: its record and modules, ``new_state`` and the numbers it
refuses, and the State interface at every step of random games and at
random positions (legal actions, illegal ones refused with nothing
changed, copies, observations, a snapshot round trip, the optional hooks).
No game is named here: each check loops over ``games.CATALOGUE``, and each
assertion's message names the contract line it checks."""

import inspect
import os

import positions
import pytest
from catalog import records
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import random_position

import games
import games.text
from engine.cardset import CardSet
from engine.gamestate import MAX_ACTIONS, TERMINAL, GameState
from engine.prng import DEAL_MAX, Prng
from match import NORMAL, Match
from saves import read as save_read
from saves import snapshot as save_snapshot
from sim import selfplay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_RECORDS = records()
_IDS = [info.ID for info, _ in _RECORDS]
_TABLES = [
    (info, game, n, v)
    for info, game in _RECORDS
    for n in range(info.MIN_PLAYERS, info.MAX_PLAYERS + 1)
    for v in range(len(info.VARIANTS))
]
_MAX_STEPS = 20000
_CARDS = 108  # actions are a card id below 108, or DRAW/DONE (200/201)
_UNSET = -999  # what a legal-action buffer holds where nothing was written
# The table's last-move fields the rules used to carry (snapshot FORMAT 1):
# the table's now (``table.hand.Last``), never the State's.
_TABLE_ONLY = ("observer", "quiet", "event", "event_seat", "event_n", "last_seat", "last_a",
               "last_b", "last_drew", "last_kind", "last_n")  # fmt: skip

per_game = pytest.mark.parametrize("info,game", _RECORDS, ids=_IDS)
deals = st.integers(1, DEAL_MAX)
nums = st.integers(0, 11)  # a player count, a variant, a starter: see _table


# -- helpers ------------------------------------------------------------------
def _starter(info, players, k):
    """A seat to start: any seat in a series game, else seat 0."""
    return k % players if info.series else 0


def _table(info, n, v, k):
    """(players, variant, starter) of a game from three small numbers, so
    every game gets its share of examples."""
    players = info.MIN_PLAYERS + n % (info.MAX_PLAYERS - info.MIN_PLAYERS + 1)
    return players, v % len(info.VARIANTS), _starter(info, players, k)


def _domain(game):
    """Every action a game can name: card ids below 108, DRAW and DONE."""
    return list(range(_CARDS)) + [game.DRAW, game.DONE]


def _position(game, players, variant, starter, deal, steps):
    return random_position(game, players, variant, deal, steps, starter)


def _plain(v):
    if isinstance(v, CardSet):
        return ("CardSet", tuple(v.w))
    if isinstance(v, (bytes, bytearray)):
        return bytes(v)
    if isinstance(v, (list, tuple)):
        return tuple(_plain(x) for x in v)
    return v


def _attrs(s, live=False):
    """Every attribute of a state, comparable (CardSets by their words,
    buffers as bytes); with ``live``, the stock and the pile only up to
    ``deck_n``/``pile_n`` (what a snapshot keeps of them)."""
    out = {name: _plain(v) for name, v in vars(s).items()}
    if live:
        out["deck"] = bytes(s.deck[: s.deck_n])
        out["pile"] = bytes(s.pile[: s.pile_n])
    return out


def _differ(a, b):
    """The attributes two ``_attrs`` disagree on."""
    return sorted(k for k in set(a) | set(b) if a.get(k, _UNSET) != b.get(k, _UNSET))


def _legal(s):
    """The legal actions through a buffer of ``MAX_ACTIONS`` with a
    margin, checking what ``legal_actions`` writes."""
    buf = [_UNSET] * (MAX_ACTIONS + 8)
    n = s.legal_actions(buf)
    assert 0 <= n <= MAX_ACTIONS, "legal_actions: at most MAX_ACTIONS"
    assert buf[n:] == [_UNSET] * (len(buf) - n), "legal_actions: writes n actions, no more"
    legal = buf[:n]
    assert legal == sorted(set(legal)), "legal_actions: ascending and distinct"
    return legal


def _check_turn(s, game, players):
    """``current_player`` and ``legal_actions`` agree with ``is_over``."""
    over = s.is_over()
    seat = s.current_player()
    assert (seat == TERMINAL) == over, "current_player() is TERMINAL exactly when over"
    legal = _legal(s)
    if over:
        assert not legal, "legal_actions: none once over"
        return seat, legal
    assert 0 <= seat < players, "current_player(): a seat while the game is on"
    assert legal, "legal_actions: a live state has a legal action"
    assert all(0 <= a < _CARDS or a in (game.DRAW, game.DONE) for a in legal), (
        "actions: a card id below 108, or DRAW/DONE"
    )
    return seat, legal


def _check_results(s, info, game, players, deal):
    """The results and the hooks that speak once the game is over."""
    places = s.ranking()
    assert len(places) == players and min(places) == 0, "ranking(): places from 0 (best)"
    win = s.winners()
    assert win == sorted(set(win)) and all(0 <= w < players for w in win), "winners(): seats"
    if players > 1:  # (a lost solitaire ranks its one seat 0 and has no winner)
        assert win == [i for i in range(players) if places[i] == 0], (
            "winners(): the seats in first place"
        )
    for seat in range(players):
        left = s.cards_left(seat)
        assert isinstance(left, int) and left >= 0, "cards_left(seat): a count"
    name = selfplay.ending_name(s)
    assert isinstance(name, str) and name, "the reports' ending name: how the game ended, once over"
    if info.series:
        nxt = game.next_starter(s, deal + 1)
        assert 0 <= nxt < players, "next_starter(state, deal): a seat"
        assert game.new_state(players, deal + 1, 0, nxt).starter == nxt, (
            "next_starter: the next deal starts there"
        )


def _random_game(info, game, players, variant, deal, seed, starter=0):
    """Play random legal actions; check invariants at every step; return
    the list of actions and the final state."""
    s = game.new_state(players, deal, variant, starter)
    total = sorted(s.all_cards())
    assert len(set(total)) == len(total), "a card is dealt twice"
    prng = Prng(seed)
    actions = []
    while True:
        seat, legal = _check_turn(s, game, players)
        if s.is_over():
            break
        for a in legal:
            text = games.text.describe(s, a)
            assert isinstance(text, str) and text, "describe(a): words for a legal action"
        # the seat's own legal actions depend only on what it sees
        assert s.observe(seat).legal_list() == legal, "observe(seat): the same legal actions"
        a = legal[prng.below(len(legal))]
        s.apply(a)
        actions.append(a)
        assert sorted(s.all_cards()) == total, "cards not conserved"
        assert len(actions) < _MAX_STEPS, "game does not end"
    _check_results(s, info, game, players, deal)
    return actions, s


# -- the catalogue record and the rules module ----------------------------------
@per_game
def test_rules_module_keeps_the_contract(info, game):
    assert games.info(info.ID) is info, "games.info(ID): the record"
    assert game.INFO is info, "rules INFO: the game's catalogue record"
    assert game.INFO is games.info(game.ID), "rules INFO is games.info(ID)"
    assert game.__name__ == "games." + info.module, "Info.module: the rules module"
    names = ("ID", "NAME", "BLURB", "MIN_PLAYERS", "MAX_PLAYERS", "DEFAULT_PLAYERS", "VARIANTS")
    for name, value in zip(names, info.fields()):
        assert getattr(game, name) == getattr(info, name) == value, (
            "rules %s: unpacked from INFO, as the record holds it" % name
        )
    assert 1 <= info.MIN_PLAYERS <= info.DEFAULT_PLAYERS <= info.MAX_PLAYERS, "player range"
    assert info.VARIANTS and all(isinstance(v, str) for v in info.VARIANTS), "VARIANTS: names"
    assert list(inspect.signature(game.basic_policy).parameters)[:2] == ["obs", "prng"], (
        "basic_policy(obs, prng)"
    )
    assert (game.DRAW, game.DONE) == (200, 201), "DRAW, DONE: the actions at 200/201"
    assert hasattr(game, "next_starter") == info.series, (
        "next_starter(state, deal): exactly in series games (INFO.series)"
    )
    if hasattr(game, "choice_key"):
        assert callable(game.choice_key), "choice_key(action): optional, a function"
    if info.hard:  # Hard's own player, or (None) its search with a budget
        hard = getattr(__import__("games." + info.hard), info.hard)
        assert list(inspect.signature(hard.hard_policy).parameters)[:2] == ["obs", "prng"], (
            "Info.hard: a module with hard_policy(obs, prng)"
        )
        if info.search:  # beside it, the endgame search (lib/opponents_endgame.py)
            s = game.new_state(max(3, info.MIN_PLAYERS), 1)
            assert s.deck_n > 0 and s.winner == -1, (
                "Info.search beside Info.hard: the endgame search reads the stock (deck_n) "
                "and the first player out (winner, -1 while nobody is)"
            )
    elif info.MAX_PLAYERS > 1:
        assert info.search > 0, "Info.search: the budget of Hard's search"
    text = getattr(__import__("games." + info.text), info.text)
    assert callable(text.describe) and callable(text.why_illegal), (
        "text module (Info.text): describe(state, action), why_illegal(state, action)"
    )
    if info.MAX_PLAYERS > 1:
        assert callable(getattr(text, "ending", None)), (
            "text module (Info.text), with opponents: ending(state) for a game nobody won"
        )
    assert info.table.startswith("table.") and os.path.isfile(
        os.path.join(ROOT, "lib", *info.table.split(".")) + ".py"
    ), "table module (Info.table): a module of lib/table/, named table.<module>"
    if info.solved:
        assert os.path.isfile(os.path.join(ROOT, "games", info.solved)), "Info.solved: in games/"
    s = game.new_state(info.DEFAULT_PLAYERS)
    assert isinstance(s, GameState), "State: a subclass of GameState"
    assert s.INFO is info, "State INFO: the catalogue record"
    assert len(s.legal_list()) <= MAX_ACTIONS, "the one bound of every action buffer"


@per_game
def test_new_state_signature(info, game):
    sig = str(inspect.signature(game.new_state))
    assert sig == "(players, deal=1, variant=0, starter=0)", (
        "new_state(players, deal=1, variant=0, starter=0), not new_state%s" % sig
    )


def test_catalogue_ids_are_distinct():
    assert len({i.ID for i in games.CATALOGUE}) == len(games.CATALOGUE), "Info.ID: unique"
    assert len({i.SAVE_ID for i in games.CATALOGUE}) == len(games.CATALOGUE), "Info.SAVE_ID: unique"


@per_game
def test_new_state_deals_every_table(info, game):
    for players in range(info.MIN_PLAYERS, info.MAX_PLAYERS + 1):
        for variant in range(len(info.VARIANTS)):
            for starter in range(players) if info.series else (0,):
                s = game.new_state(players, 5, variant, starter)
                assert s.INFO is info and s.num_players == players, "new_state: the table"
                assert s.starter == starter, "State starter: the seat that played first"
                assert s.current_player() == starter, "new_state: the starter plays first"
                assert sorted(s.all_cards()) == list(range(s.ncards)), "the deal: every card once"
                assert all(s.counts[i] == s.hands[i].count() for i in range(players)), (
                    "counts: the hand sizes"
                )
                again = game.new_state(players, 5, variant, starter)
                assert again.key() == s.key(), "new_state: the same cards for the same numbers"
            other = game.new_state(players, 6, variant)
            assert other.key() != game.new_state(players, 5, variant).key(), "deal: shuffles"


@per_game
def test_new_state_refuses_bad_players_and_variants(info, game):
    # INFO.check's words: what a maker sees when a table cannot be
    for players in {0, info.MIN_PLAYERS - 1, info.MAX_PLAYERS + 1}:
        with pytest.raises(ValueError, match="players must be %d-%d" % (
                info.MIN_PLAYERS, info.MAX_PLAYERS)):  # fmt: skip
            game.new_state(players)
    for variant in (-1, len(info.VARIANTS)):
        with pytest.raises(ValueError, match="no variant %d" % variant):
            game.new_state(info.DEFAULT_PLAYERS, 1, variant)


@per_game
def test_new_state_refuses_bad_starters(info, game):
    # 0 unless the game plays series; else any seat at the table
    players = info.DEFAULT_PLAYERS
    bad = (-1, players) if info.series else (-1, 1, players - 1, players)
    for starter in sorted(set(bad) - {0}):
        why = "no seat %d" % starter if info.series else "seat 0 always starts"
        with pytest.raises(ValueError, match=why):
            game.new_state(players, 1, 0, starter)


# -- random play ----------------------------------------------------------------
@per_game
@settings(max_examples=10, deadline=None)
@given(n=nums, v=nums, k=nums, deal=deals, seed=st.integers(1, 1000))
def test_random_play_keeps_invariants(info, game, n, v, k, deal, seed):
    players, variant, starter = _table(info, n, v, k)
    _random_game(info, game, players, variant, deal, seed, starter)


def test_every_game_and_player_count_plays_to_the_end():
    for info, game, players, variant in _TABLES:
        for deal in (1, 2):
            starter = _starter(info, players, deal + players)
            _random_game(info, game, players, variant, deal, deal * 7 + players, starter)


@per_game
@settings(max_examples=4, deadline=None)
@given(n=nums, v=nums, k=nums, deal=deals)
def test_seeded_game_replays_identically(info, game, n, v, k, deal):
    players, variant, starter = _table(info, n, v, k)
    a1, s1 = _random_game(info, game, players, variant, deal, 99, starter)
    a2, s2 = _random_game(info, game, players, variant, deal, 99, starter)
    assert a1 == a2 and s1.key() == s2.key()
    # replaying the action list from the deal reaches the same state
    s3 = game.new_state(players, deal, variant, starter)
    for a in a1:
        s3.apply(a)
    assert s3.key() == s1.key()


# -- the State at a position ------------------------------------------------------
def _check_members(info, game, s, players, variant, starter, deal):
    """The State's members at a position: FIELDS/BUFFERS/SETS, copies,
    legal and illegal actions, text, the optional hooks."""
    assert s.INFO is info, "State INFO: the catalogue record"
    assert s.starter == starter, "State starter: the seat that played first"
    seat, legal = _check_turn(s, game, players)
    before = _attrs(s)
    key = s.key()
    # FIELDS, BUFFERS, SETS: the rules' scalars, bytearrays and CardSets
    names = list(s.FIELDS) + list(s.BUFFERS) + list(s.SETS)
    assert len(set(names)) == len(names), "FIELDS/BUFFERS/SETS: no name twice"
    assert not set(names) & {"hands", "counts", "deck", "pile"}, (
        "FIELDS/BUFFERS/SETS: besides hands, counts, stock and pile"
    )
    for name in s.FIELDS:
        kind = type(getattr(s, name))
        assert kind in (int, bool), "FIELDS: scalars (%s is %s)" % (name, kind.__name__)
    for name in s.BUFFERS:
        assert type(getattr(s, name)) is bytearray, "BUFFERS: bytearrays (%s)" % name
    for name in s.SETS:
        assert isinstance(getattr(s, name), CardSet), "SETS: CardSets (%s)" % name
    table_only = [a for a in vars(s) if a in _TABLE_ONLY or a.startswith("event")]
    assert not table_only, "State: rules alone, the last turn is table.hand.Last's: %s" % table_only
    # a copy holds every attribute (nothing outside FIELDS/BUFFERS/SETS)
    c = s.clone()
    assert c is not s and type(c) is type(s), "clone(): a new State"
    assert not _differ(_attrs(c), before), (
        "clone(): a copy from FIELDS/BUFFERS/SETS holds the whole state; differs in %s"
        % _differ(_attrs(c), before)
    )
    assert c.key() == s.key() and c.legal_list() == legal, "clone(): same key and legal actions"
    blank = s._blank()
    assert type(blank) is type(s) and blank.num_players == players, "_blank(): same table"
    blank._copy_from(s)
    assert not _differ(_attrs(blank), before), "_copy_from(o): becomes a copy"
    # a game's written-out _copy_fields copies FIELDS/BUFFERS/SETS, no more, no less
    start = game.new_state(players, deal, variant, starter)
    mine, loop = start.clone(), start.clone()
    for t in (mine, loop):  # every FIELDS/BUFFERS/SETS value off by one first
        for name in s.FIELDS:
            v = getattr(s, name)
            setattr(t, name, (not v) if type(v) is bool else v + 1)
        for name in s.BUFFERS:
            getattr(t, name)[:] = bytes(b ^ 1 for b in getattr(s, name))
        for name in s.SETS:
            w = getattr(t, name).w
            for k, word in enumerate(getattr(s, name).w):
                w[k] = word ^ 1
    mine._copy_fields(s)
    GameState._copy_fields(loop, s)
    assert not _differ(_attrs(mine), _attrs(loop)), (
        "_copy_fields(o): exactly FIELDS/BUFFERS/SETS; differs in %s"
        % _differ(_attrs(mine), _attrs(loop))
    )
    # every legal action applies; any other raises ValueError, changing nothing
    for a in legal:
        c.apply(a)
        c._copy_from(s)
    for a in _domain(game):
        if a in legal:
            continue
        with pytest.raises(ValueError):
            s.apply(a)
            pytest.fail("apply(%d): ValueError for an illegal action" % a)
        assert s.key() == key and not _differ(_attrs(s), before), (
            "apply(%d) refused: the state unchanged, but %s changed"
            % (a, _differ(_attrs(s), before))
        )
    # why_illegal: '' exactly for the legal actions; describe: words for them
    if legal:
        for a in _domain(game):
            why = games.text.why_illegal(s, a)
            assert isinstance(why, str), "why_illegal(a): a str"
            assert (why == "") == (a in legal), "why_illegal(a): '' exactly when legal (%d)" % a
        for a in legal:
            words = games.text.describe(s, a)
            assert isinstance(words, str) and words, "describe(a): words"
        if hasattr(game, "choice_key"):
            for a in legal:
                hash(game.choice_key(a))  # choice_key(action): a key
        assert game.basic_policy(s.observe(seat), Prng(3)) in legal, (
            "basic_policy(obs, prng): a legal action"
        )
    # optional hooks
    assert type(s.deck_public()) is bool, "deck_public(): a bool"
    pub = s._public()
    assert pub is None or isinstance(pub, CardSet), "_public(): None or a CardSet"
    if type(s).undo is GameState.undo:
        assert s.undo() is False, "undo(): False without undo"
    elif legal:
        c._copy_from(s)
        c.apply(legal[0])
        assert c.undo() is True, "undo(): True when a move is taken back"
        assert c.key() == s.key() and c.legal_list() == legal, "undo(): the move taken back"
    if s.is_over():
        name = selfplay.ending_name(s)
        assert isinstance(name, str) and name, "the reports' ending name, once over"
    if hasattr(s, "score"):
        assert isinstance(s.score(), int), "score(): a number"
    assert not _differ(_attrs(s), before), "the checks changed the state"


def _check_observe(s, players):
    """``observe(seat, into)`` for every seat at a position."""
    before = _attrs(s)
    legal = s.legal_list()
    known = s._public()
    for seat in range(players):
        fresh = s.observe(seat)
        assert type(fresh) is type(s) and fresh is not s, "observe(seat): a State"
        into = s.clone()  # a refilled _blank() holding every hidden card: none may stay
        assert s.observe(seat, into) is into, "observe(seat, into): fills into, returns it"
        assert not _differ(_attrs(into), _attrs(fresh)), (
            "observe(seat, into): the same as a new observation; differs in %s"
            % _differ(_attrs(into), _attrs(fresh))
        )
        assert not _differ(_attrs(s), before), "observe: the original unchanged"
        assert into.hands[seat] == s.hands[seat], "observe: the seat's own hand"
        assert list(into.counts) == list(s.counts), "observe: every count"
        assert into.pile[: s.pile_n] == s.pile[: s.pile_n], "observe: the pile"
        for other in range(players):
            if other != seat:
                assert all(s.hands[other].contains(c) for c in into.hands[other]), (
                    "observe: other hands hold only their own cards"
                )
                assert all(known is not None and c in known for c in into.hands[other]), (
                    "observe: other hands blanked but for the cards in _public()"
                )
        if s.deck_public():
            assert into.deck == s.deck, "observe: a public stock is shown"
        else:
            assert into.deck == bytes(len(into.deck)), "observe: the stock blanked"
        if seat == s.current_player():
            assert into.legal_list() == legal, "observe: the seat's own legal actions"


def _check_snapshot(s, match, seed):
    """``save_snapshot.put`` then ``save_read.snapshot`` (the decoder, then the
    check that it plays on): the same state, playing on identically."""
    buf = bytearray(1024)
    data = bytes(buf[: save_snapshot.put(s, buf, 0)])
    back = save_read.snapshot(match, data)
    assert back.key() == s.key(), "snapshot: read back, the same key()"
    assert back.legal_list() == s.legal_list(), "snapshot: read back, the same legal actions"
    assert not _differ(_attrs(back, True), _attrs(s, True)), (
        "snapshot: holds what a copy holds; differs in %s"
        % _differ(_attrs(back, True), _attrs(s, True))
    )
    s = s.clone()
    prng = Prng(seed)
    for _ in range(12):  # and plays on identically
        if s.is_over():
            break
        legal = s.legal_list()
        a = legal[prng.below(len(legal))]
        s.apply(a)
        back.apply(a)
        assert back.key() == s.key(), "snapshot: read back, plays on identically"
        assert back.legal_list() == s.legal_list(), "snapshot: plays on, same legal actions"
    assert back.is_over() == s.is_over(), "snapshot: plays on to the same end"


def _setup(info, players, variant, starter, deal):
    """A save's match: every other seat a Normal computer."""
    return Match(info, players, deal, variant, starter, bytes([NORMAL] * players))


@per_game
def test_contract_at_seeded_positions(info, game):
    """Every check of a position, at fixed points of seeded games of every
    variant at the fewest, the usual and the most players."""
    for players in sorted({info.MIN_PLAYERS, info.DEFAULT_PLAYERS, info.MAX_PLAYERS}):
        for variant in range(len(info.VARIANTS)):
            for deal in (1, 2):
                starter = _starter(info, players, deal)
                for steps in (0, 9, 30, 70, 160):
                    s = _position(game, players, variant, starter, deal, steps)
                    _check_members(info, game, s, players, variant, starter, deal)
                    _check_observe(s, players)
                    setup = _setup(info, players, variant, starter, deal)
                    _check_snapshot(s, setup, steps)


@per_game
@settings(max_examples=12, deadline=None)
@given(n=nums, v=nums, k=nums, deal=deals, steps=st.integers(0, 200))
def test_state_members_at_a_random_position(info, game, n, v, k, deal, steps):
    players, variant, starter = _table(info, n, v, k)
    s = _position(game, players, variant, starter, deal, steps)
    _check_members(info, game, s, players, variant, starter, deal)


@per_game
@settings(max_examples=10, deadline=None)
@given(n=nums, v=nums, k=nums, deal=deals, steps=st.integers(0, 200))
def test_observe_fills_into_and_hides(info, game, n, v, k, deal, steps):
    players, variant, starter = _table(info, n, v, k)
    _check_observe(_position(game, players, variant, starter, deal, steps), players)


@per_game
@settings(max_examples=10, deadline=None)
@given(n=nums, v=nums, k=nums, deal=deals, steps=st.integers(0, 200))
def test_snapshot_round_trip(info, game, n, v, k, deal, steps):
    players, variant, starter = _table(info, n, v, k)
    s = _position(game, players, variant, starter, deal, steps)
    _check_snapshot(s, _setup(info, players, variant, starter, deal), deal ^ steps)


@per_game
@settings(max_examples=4, deadline=None)
@given(n=nums, v=nums, deal=deals, steps=st.integers(0, 60))
def test_clone_is_independent_and_observation_hides(info, game, n, v, deal, steps):
    players, variant, _ = _table(info, n, v, 0)
    s = _position(game, players, variant, 0, deal, steps)
    before = s.key()
    c = s.clone()
    assert c.key() == before
    if not c.is_over():
        c.apply(c.legal_list()[0])
        assert c.key() != before
    assert s.key() == before  # playing on the clone left the original alone
    seat = 0
    obs = s.observe(seat)
    for other in range(players):
        if other != seat:
            # only cards every seat knows stay in another hand (Roller
            # Coaster's draws from a stock turned over in order, RC-11)
            known = s._public()
            assert all(known is not None and c in known for c in obs.hands[other])
            assert all(s.hands[other].contains(c) for c in obs.hands[other])
        assert obs.counts[other] == s.counts[other]
    assert obs.hands[seat] == s.hands[seat]


@per_game
@settings(max_examples=6, deadline=None)
@given(n=nums, v=nums, deal=deals, steps=st.integers(0, 80))
def test_decisions_depend_only_on_what_the_seat_sees(info, game, n, v, deal, steps):
    players, variant, _ = _table(info, n, v, 0)
    s = _position(game, players, variant, 0, deal, steps)
    if s.is_over():
        return
    seat = s.current_player()
    total = sorted(s.all_cards())
    choice = game.basic_policy(s.observe(seat), Prng(5))
    for k in range(3):
        other = s.clone()
        positions.redeal_hidden(other, seat, Prng(deal + k))
        assert sorted(other.all_cards()) == total
        assert list(other.counts) == list(s.counts)
        assert other.observe(seat).key() == s.observe(seat).key()
        assert game.basic_policy(other.observe(seat), Prng(5)) == choice
