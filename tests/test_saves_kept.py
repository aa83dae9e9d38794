"""The game in progress, its moves and the last finished game's record are
kept in the store, not in RAM beside it (``saves/keep.py``): a save
carries them from the newest copy, and a game just over has its record
put aside in the store's copy buffer until the next save writes it."""

import pytest

import games
from match import Match
from saves import codec, decode
from saves import store as save_store
from saves.keep import Saves
from sim.nvm import FileNVM


def _finished(saves, deal, n):
    """A game over (its record: ``deal``, ``n`` moves); returns the record."""
    match = Match(games.info("bastard"), 4, deal)
    moves = bytes((7 * i + deal) & 0x3F for i in range(n))
    saves.game_over(match, moves, n, True, 3)
    return codec.to_bytes(codec.put_record, match, moves, n)


def _playing(saves, deal, n):
    match = Match(games.info("elevator"), 4, deal)
    state = match.new_state()
    game = games.by_id(match.info.ID)
    moves = bytearray()
    while len(moves) < n:
        a = game.basic_policy(state.observe(state.current_player()), None)
        state.apply(a)
        moves.append(a)
    assert saves.keep_game(match, state, moves, n)
    return match, state, moves


def test_the_last_games_record_waits_in_the_copy_buffer_and_is_written_once(capsys):
    sv = Saves(FileNVM())
    record = _finished(sv, 11, 300)
    assert sv.aside >= 0 and sv.last == record  # put aside, not yet written
    writes = sv.nvm.writes
    assert sv.commit() and sv.nvm.writes == writes + 1
    assert sv.aside < 0 and sv.last == record  # now read from the store
    printed = capsys.readouterr().out
    crc = save_store.crc16(record, len(record))
    assert printed.count("last game: ") == 1 and printed.rstrip().endswith(" %04x" % crc)
    sv.commit()  # a second save prints nothing more and keeps it
    assert "last game: " not in capsys.readouterr().out and sv.last == record
    again = Saves(sv.nvm)  # power cut
    assert again.last == record and decode.read_record(again.last)[1] == record[-300:]


def test_a_save_that_cannot_be_made_keeps_the_record_put_aside(monkeypatch):
    sv = Saves(FileNVM())
    record = _finished(sv, 12, 40)
    sv.loaded = False  # power-up could not read the store, and still cannot

    def full(*args):
        raise MemoryError

    monkeypatch.setattr(sv, "read", full)
    assert not sv.commit() and sv.failed == 1 and sv.aside >= 0
    monkeypatch.undo()
    sv.loaded = True
    assert sv.commit() and Saves(sv.nvm).last == record


def test_a_store_read_late_keeps_the_record_put_aside_since():
    """Power-up could not read the store (the heap full); a game ends; the
    save reads the store first: the record written is the new game's,
    not the store's older one nor bytes of the buffer around it."""
    nvm = FileNVM()
    sv = Saves(nvm)
    _finished(sv, 1, 100)
    assert sv.commit()
    late = Saves(nvm)
    late.loaded = False  # (as when the power-up read ran out of memory)
    late.game_n = late.moves_n = late.last_n = -1
    record = _finished(late, 2, 300)
    assert late.commit() and Saves(nvm).last == record


@pytest.mark.parametrize("where", ["write", "tuple"])
def test_a_save_that_fails_after_placing_the_record_writes_it_whole_later(monkeypatch, where):
    """The heap runs out in the store's write, after the record put aside
    was moved into the copy: it stays whole where it was moved, and the
    save made again writes it."""
    nvm = FileNVM()
    sv = Saves(nvm)
    _finished(sv, 3, 80)
    while sv.store.end + 400 <= sv.store.size:  # the slot filled: the next copy starts
        sv.dirty = True  # the other, padded with 0xFF to its end (over the record put aside)
        assert sv.commit()
    record = _finished(sv, 4, 250)
    if where == "write":
        real = FileNVM.__setitem__

        def full(self, i, value):
            raise MemoryError

        monkeypatch.setattr(FileNVM, "__setitem__", full)
    else:
        monkeypatch.setattr(save_store, "tuple", lambda v: _raise(MemoryError()), raising=False)
    assert not sv.commit() and sv.failed == 1 and sv.last == record
    monkeypatch.undo()
    if where == "write":
        assert FileNVM.__setitem__ is real
    assert sv.commit() and sv.last == record and Saves(nvm).last == record


def test_a_game_too_big_for_a_small_store_drops_the_record_put_aside():
    """A game whose copy runs past a small slot's end (dropped) wrote over
    the record put aside at that end: the record is dropped too, never
    written damaged, though it would fit where the game did not go."""
    sv = Saves(FileNVM(None, 256))  # a SAMD21's: slots of 128 bytes
    _finished(sv, 5, 20)
    match = Match(games.info("bastard"), 12, 6)
    sv.keep_game(match, match.new_state(), b"", 0)
    assert save_store.GAME in sv.dropped and save_store.LAST in sv.dropped
    back = Saves(sv.nvm)
    assert back.last is None and not back.has_game()


def _raise(e):
    raise e


def test_saves_over_a_game_in_progress_carry_every_record_unchanged():
    """Through many saves, the tail records and both slots (each slot's
    restart erases it), the game, its moves and the last record read back
    byte for byte."""
    sv = Saves(FileNVM())
    last = _finished(sv, 13, 200)
    match, state, moves = _playing(sv, 14, 30)
    game, kept = sv.game, sv.moves
    assert decode.read_record(kept)[1] == bytes(moves)
    slots = set()
    for i in range(40):
        sv.settings.sound = i & 1  # a setting changed: the copy is written again
        sv.dirty = True
        assert sv.commit()
        slots.add(sv.store.slot)
        assert (sv.game, sv.moves, sv.last) == (game, kept, last), i
    assert slots == {0, 1}
    back = Saves(sv.nvm)
    assert (back.game, back.moves, back.last) == (game, kept, last)
    _, again, again_moves = back.saved_game()
    assert again.key() == state.key() and again_moves == bytes(moves)


def test_a_record_put_aside_that_a_new_game_writes_over_is_dropped_whole():
    """In a small store the game in progress comes first: a last record
    it wrote over is left out (``dropped``), never written damaged."""
    sv = Saves(FileNVM(None, 512))  # slots of 256 bytes
    _finished(sv, 15, 150)
    assert sv.aside >= 0
    _playing(sv, 16, 2)  # the new game, written at once, over the copy's end
    assert save_store.LAST in sv.dropped and sv.last is None and sv.aside < 0
    back = Saves(sv.nvm)
    assert back.last is None and back.has_game()


def test_no_record_is_kept_in_ram():
    """What a ``Saves`` holds in buffers: the store's copy, its tail
    record and link play's seats; nothing as long as a record of moves."""
    sv = Saves(FileNVM())
    held = [len(v) for v in vars(sv).values() if isinstance(v, (bytes, bytearray))]
    held += [len(v) for v in vars(sv.store).values() if isinstance(v, (bytes, bytearray))]
    assert sorted(held) == [3, len(sv.link_buf), sv.store.size] and len(sv.link_buf) < 128
