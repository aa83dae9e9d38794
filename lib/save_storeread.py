"""Reading the store (``save_store.py``'s layout) at power-up: find the newest
good copy in either slot, say what was found, and learn where the next
copy goes. Loaded then, and let go.
"""

from save_store import DAMAGED, FRESH, HEAD, LAYOUT, MAGIC0, MAGIC1, NEWER, OLDER, RESTORED, crc16


def _u16(b, i):
    return b[i] | (b[i + 1] << 8)


def _newer(a, b):
    """Sequence ``a`` came after ``b`` (serial-number arithmetic mod 2**16)."""
    return a != b and ((a - b) & 0xFFFF) < 0x8000


def _scan(st, k, found, bad):
    """Read slot ``k``'s copies into ``found`` as (version, seq, payload,
    slot, end). Past damage it looks for the next copy that checks out,
    so one bad copy hides no other. Damage goes into ``bad`` as (slot,
    position, seq or -1 when the header is gone or -2 for a newer
    firmware's copy, whether a good copy follows it in the slot). Returns
    where the log ends (-1: it ends in damage)."""
    data = bytes(st.nvm[k * st.size : (k + 1) * st.size])
    top = st.size
    pos = 0
    end = 0
    while pos + HEAD <= top:
        if data[pos] == 0xFF and data[pos : pos + HEAD] == b"\xff" * HEAD:
            break  # erased: the log ends here
        n = _u16(data, pos + 6)
        ok = data[pos] == MAGIC0 and data[pos + 1] == MAGIC1 and pos + HEAD + n <= top
        if ok:
            crc = crc16(data, n, crc16(data, 8, 0xFFFF, pos), pos + HEAD)
            ok = crc == _u16(data, pos + 8)
        if not ok:
            if pos == end and (pos or any(data[:HEAD])):
                seq = _u16(data, pos + 4) if data[pos] == MAGIC0 else -1
                bad.append([k, pos, seq, False])
            pos += 1  # resynchronise on the next copy that checks out
            continue
        for b in bad:
            if b[0] == k:
                b[3] = True  # a good copy after it: that damage is older
        if data[pos + 2] > LAYOUT:
            bad.append([k, pos, -2, False])  # a newer firmware's copy: not read
        else:
            found.append((data[pos + 2], _u16(data, pos + 4),
                          data[pos + HEAD : pos + HEAD + n], k, pos + HEAD + n))  # fmt: skip
        pos += HEAD + n
        end = pos
    return end if end == pos else -1


def load(st):
    """The newest good copy's records as {kind: bytes}; sets ``st``'s
    status, sequence, slot and where the next copy goes."""
    if st.nvm is None:
        return {}
    found = []
    bad = []
    ends = [0, 0]
    if st.size > HEAD:
        for k in range(2):
            ends[k] = _scan(st, k, found, bad)
    if not found:
        newer = False
        for b in bad:
            newer = newer or b[2] == -2
        st.status = NEWER if newer else DAMAGED if bad else FRESH
        return {}
    best = found[0]
    for c in found:
        if _newer(c[1], best[1]):
            best = c
    st.seq = best[1]
    st.slot = best[3]
    # append after it only where the log ends cleanly right there
    st.end = best[4] if ends[st.slot] == best[4] else -1
    st.status = RESTORED
    for k, pos, seq, followed in bad:
        if k == st.slot:
            lost = not followed  # after the newest copy: a newer one, cut
        else:  # a slot starts afresh at 0: damage there may be a cut restart
            lost = pos == 0 and (seq < 0 or _newer(seq, st.seq))
        if lost:
            st.status = OLDER
    return parse(best[2])


def parse(payload):
    """Records of a payload as {kind: bytes}; a truncated tail is ignored."""
    out = {}
    i = 0
    n = len(payload)
    while i + 3 <= n:
        kind = payload[i]
        size = _u16(payload, i + 1)
        if i + 3 + size > n:
            break
        out[kind] = payload[i + 3 : i + 3 + size]
        i += 3 + size
    return out
