"""The byte store's layout under every fault a handheld meets: a write cut
at any byte, a sector erased and never rewritten, flipped bits, a layout
from newer firmware, an all-0xFF or all-zero store, and boards with too
little store."""

import binascii

from hypothesis import given, settings
from hypothesis import strategies as st

import games
from match import Match
from saves import codec, decode
from saves import store as save_store
from saves.read import read_store
from sim.nvm import FileNVM


def _recs(tag, n=40):
    return [(1, bytes([tag]) * 7), (2, bytes(range(tag, tag + n)))]


def _saved(size=4096, copies=2):
    nvm = FileNVM(None, size)
    s = save_store.Store(nvm)
    for i in range(copies):
        s.save(_recs((i + 1) % 200))
    return nvm


def _load(nvm):
    s = save_store.Store(nvm)
    return read_store(s), s.status


def test_crc_is_ccitt_false():
    for data in (b"", b"123456789", bytes(range(256)) * 3):
        assert save_store.crc16(data, len(data)) == binascii.crc_hqx(data, 0xFFFF)
    assert save_store.crc16(b"123456789", 9) == 0x29B1  # the catalogue check value


def test_copies_fill_one_slot_then_start_the_other():
    nvm = FileNVM(None)
    s = save_store.Store(nvm)
    assert read_store(s) == {} and s.status == save_store.FRESH
    copy = 10 + sum(3 + len(d) for _, d in _recs(0))
    per_slot = 2048 // copy
    slots = []
    for i in range(3 * per_slot):
        s.save(_recs(i % 200))
        assert nvm.writes == i + 1  # one assignment per save
        slots.append(s.slot)
        recs, status = _load(nvm)
        assert status == save_store.RESTORED and recs == dict(_recs(i % 200))
        again = save_store.Store(nvm)
        read_store(again)
        assert (again.slot, again.end, again.seq) == (s.slot, s.end, s.seq)
    assert slots[:per_slot] == [0] * per_slot and slots[per_slot] == 1
    # flash is erased only when a used slot starts afresh: once in these saves
    # (both slots began blank), where saving in place would erase every time
    assert slots[2 * per_slot] == 0 and nvm.erases == 1


def test_sequence_numbers_wrap():
    nvm = FileNVM(None)
    s = save_store.Store(nvm)
    s.seq = 0xFFFE
    s.save(_recs(1))  # seq 0xFFFF
    s.save(_recs(2))  # seq 0: newer despite the smaller number
    recs, _ = _load(nvm)
    assert recs == dict(_recs(2))


def test_a_write_cut_at_any_byte_keeps_the_previous_copy():
    copy = 10 + sum(3 + len(d) for _, d in _recs(0))
    per_slot = 2048 // copy
    # before the cut write: one copy, two, a full first slot (the save starts
    # the blank second one), both full (it starts the first over old copies)
    for saved in (1, 2, per_slot, 2 * per_slot):
        base = _saved(copies=saved)
        want_old, _ = _load(base)
        total = 10 + sum(3 + len(d) for _, d in _recs(9))
        for cut in range(total + 1):
            nvm = FileNVM(None)
            nvm.data[:] = base.data
            s = save_store.Store(nvm)
            read_store(s)
            nvm.cut_after = cut
            s.save(_recs(9))
            recs, status = _load(nvm)
            if cut == total:
                assert recs == dict(_recs(9)) and status == save_store.RESTORED
            else:
                assert recs == want_old, (saved, cut)
                # the person is told once the cut copy's number was written
                if cut == 0:
                    assert status == save_store.RESTORED
                elif cut >= 6:
                    assert status == save_store.OLDER, (saved, cut)
                # and the next save goes on cleanly from the copy that survived
                s2 = save_store.Store(nvm)
                read_store(s2)
                s2.save(_recs(10))
                assert _load(nvm) == (dict(_recs(10)), save_store.RESTORED), (saved, cut)


def test_erased_zeroed_and_unwritten_stores_start_clean():
    for fill in (b"\xff", b"\x00"):
        nvm = FileNVM(None)
        nvm.data[:] = fill * len(nvm)
        assert _load(nvm) == ({}, save_store.FRESH)
    none = save_store.Store(None)
    assert read_store(none) == {} and none.status == save_store.NO_STORE
    assert save_store.Store(None).save(_recs(1)) is False


def test_newer_layout_is_not_read_and_says_so():
    nvm = _saved(copies=1)
    k = 0
    nvm.data[2] = save_store.LAYOUT + 1  # a layout this firmware does not know
    n = nvm.data[6] | nvm.data[7] << 8
    crc = save_store.crc16(nvm.data[10 : 10 + n], n, save_store.crc16(nvm.data[k : k + 8], 8))
    nvm.data[8], nvm.data[9] = crc & 0xFF, crc >> 8
    assert _load(nvm) == ({}, save_store.NEWER)
    assert save_store.MESSAGES[save_store.NEWER]
    # with an older good copy beside it, that copy is used, and the person told
    s = save_store.Store(nvm)
    read_store(s)
    s.save(_recs(5))  # goes to slot 0 (no good copy): the newer layout is replaced
    assert _load(nvm) == (dict(_recs(5)), save_store.RESTORED)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 * 2048 * 8 - 1))
def test_one_flipped_bit_never_gives_wrong_data(bit):
    nvm = _saved(copies=2)
    nvm.data[bit // 8] ^= 1 << (bit % 8)
    recs, status = _load(nvm)
    assert recs in (dict(_recs(1)), dict(_recs(2)))
    if recs == dict(_recs(1)):
        assert status == save_store.OLDER  # the newer copy was hit: said so


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=0, max_size=600), st.integers(0, 4095))
def test_any_store_contents_load_without_raising(junk, at):
    nvm = _saved(copies=2)
    end = min(len(nvm), at + len(junk))
    nvm.data[at:end] = junk[: end - at]
    recs, status = _load(nvm)
    st = save_store
    assert status in (st.FRESH, st.RESTORED, st.OLDER, st.DAMAGED, st.NEWER)
    for kind, data in recs.items():
        assert isinstance(kind, int) and isinstance(data, bytes)


def test_small_stores_keep_the_records_that_fit_in_order():
    nvm = FileNVM(None, 256)  # SAMD21: two 128-byte slots
    s = save_store.Store(nvm)
    recs = [(1, b"s" * 10), (2, b"t" * 60), (3, b"g" * 200), (4, b"r" * 30)]
    s.save(recs)
    assert s.dropped == (3,)  # the big game record goes; the later small one still fits
    got, _ = _load(nvm)
    assert got == {1: b"s" * 10, 2: b"t" * 60, 4: b"r" * 30}


def test_a_flipped_bit_in_an_old_copy_is_no_news():
    copy = 10 + sum(3 + len(d) for _, d in _recs(0))
    per_slot = 2048 // copy
    nvm = _saved(copies=per_slot + 3)  # slot 0 old and full, slot 1 current
    nvm.data[copy * 2 + 20] ^= 4  # inside an old copy in slot 0
    recs, status = _load(nvm)
    assert recs == dict(_recs((per_slot + 3) % 200)) and status == save_store.RESTORED


@given(st.integers(-(2**30) + 1, 2**30 - 1))
@settings(max_examples=300, deadline=None)
def test_every_number_a_record_holds_reads_back(v):
    """A deal number goes up to 2**30 - 1 (prng.DEAL_MAX): five bytes as a
    varint. The reader once refused any number past 2**27, so most random
    deals' records could not be read back."""
    from saves import decode

    data = codec.to_bytes(codec.put_varint, v)
    assert decode.Reader(data).varint() == v
    setup = Match(games.info("bastard"), 4, 2**30 - 1, 0, 0, b"\x01\x01\x01")
    record = codec.to_bytes(codec.put_record, setup, b"\x05", 1)
    back, moves = decode.read_record(record)
    assert back.same(setup) and moves == b"\x05"


def test_a_number_past_30_bits_is_refused():

    for data in (b"\xff\xff\xff\xff\x08", b"\xff\xff\xff\xff\x80\x00"):
        try:
            decode.Reader(data).varint()
        except ValueError:
            continue
        raise AssertionError("read a number past 30 bits: %r" % data)


# -- tail records: a move at a time after the newest copy ---------------------------
def _tailed(moves, copies=2):
    nvm = _saved(copies=copies)
    s = save_store.Store(nvm)
    read_store(s)
    for m in moves:
        mark = save_store.TAIL_UNLOG if m is None else save_store.TAIL_MOVE
        assert s.append(mark, 0 if m is None else m)
    return nvm, s


def _tail_of(s):
    base = s.slot * s.size + s.tail_at
    return [(s.nvm[base + 3 * i], s.nvm[base + 3 * i + 1]) for i in range(s.tail_n)]


def test_tail_records_follow_the_newest_copy_without_an_erase():
    moves = [5, 0, 255, None, 7]
    nvm, s = _tailed(moves)
    erases = nvm.erases
    assert erases == 0 and nvm.writes == 2 + len(moves)  # three bytes each, in erased flash
    again = save_store.Store(nvm)
    recs = read_store(again)
    assert recs == dict(_recs(2)) and again.status == save_store.RESTORED
    want = [(save_store.TAIL_UNLOG, 0) if m is None else (save_store.TAIL_MOVE, m) for m in moves]
    assert again.tail_n == len(moves) and _tail_of(again) == want
    assert again.end == s.end  # the next record (or copy) goes right after them
    assert again.append(save_store.TAIL_MOVE, 9)
    assert _tail_of(again)[-1] == (save_store.TAIL_MOVE, 9)
    # a copy of the same game (no change but settings, say) carries the tail; a new one does not
    again.save(_recs(3))
    assert again.tail_n == 0
    carried = save_store.Store(nvm)
    read_store(carried)
    assert carried.tail_n == 0
    carried.append(save_store.TAIL_MOVE, 1)
    carried.begin()
    for kind, data in _recs(4):
        carried.add(kind, data, len(data))
    carried.finish(carry=True)
    last = save_store.Store(nvm)
    assert read_store(last) == dict(_recs(4)) and _tail_of(last) == [(save_store.TAIL_MOVE, 1)]


def test_a_record_cut_part_way_is_the_move_in_flight():
    for keep in (1, 2):
        nvm, s = _tailed([3, 4])
        nvm.cut_after = keep
        s.append(save_store.TAIL_MOVE, 200)
        again = save_store.Store(nvm)
        assert read_store(again) == dict(_recs(2))
        assert again.status == save_store.RESTORED  # silent: not damage
        assert _tail_of(again) == [(save_store.TAIL_MOVE, 3), (save_store.TAIL_MOVE, 4)]
        assert again.end == -1 and not again.append(save_store.TAIL_MOVE, 5)  # nothing after it
        slot = again.slot
        again.save(_recs(9))  # the next save: a new copy in the other slot
        assert again.slot == 1 - slot and read_store(save_store.Store(nvm)) == dict(_recs(9))


def test_damage_in_a_tail_is_said():
    nvm, s = _tailed([3, 4, 5])
    base = s.slot * s.size + s.tail_at
    nvm.data[base + 3 + 2] ^= 0x10  # the second record's check: records follow it
    again = save_store.Store(nvm)
    assert read_store(again) == dict(_recs(2)) and again.status == save_store.OLDER
    assert _tail_of(again) == [(save_store.TAIL_MOVE, 3)]


def test_a_full_slot_takes_no_more_records_and_the_next_copy_starts_the_other():
    nvm, s = _tailed([])
    n = 0
    while s.append(save_store.TAIL_MOVE, n & 0xFF):
        n += 1
    assert n == (s.size - s.tail_at) // 3 and nvm.erases == 0
    again = save_store.Store(nvm)
    read_store(again)
    assert again.tail_n == n
    slot = again.slot
    again.save(_recs(7))  # what the table does then: the game written whole
    assert again.slot == 1 - slot  # (an erase when that slot was used before)
    assert again.append(save_store.TAIL_MOVE, 1)


def test_an_older_firmware_reads_the_copy_before_the_tail():
    """What the reader before tail records makes of a store with them: the
    copy the tail follows (its moves since are lost to it), said as "LAST
    SAVE LOST: USING ONE BEFORE"; its next save starts the other slot.
    Settings, statistics and the game up to that copy are kept."""
    from fixtures import read_before_tails as old

    nvm, s = _tailed([3, 4, 5])
    st = save_store.Store(nvm)
    assert old.read_store(st) == dict(_recs(2)) and st.status == save_store.OLDER
    assert st.end == -1  # it appends nothing after the tail
    slot = st.slot
    st.save(_recs(8))
    assert st.slot == 1 - slot
    new = save_store.Store(nvm)
    assert read_store(new) == dict(_recs(8)) and new.status == save_store.RESTORED
