"""The byte reader every decoder of the saves reads with, and a state's
fields as ``snapshot.put_fields`` wrote them: all that a linked guest
needs to read each observation its host sends (``link/reader.py``), so a
guest's heap holds these and not the records' decoders
(``saves/decode.py``, which reads with them too)."""


class Reader:
    """Reads what the encoders wrote: ``data[pos:end]`` (to its end when
    ``end`` is None). ``into`` copies without allocating (a linked guest
    reads every observation so: ``link/reader.py``); ``take`` slices."""

    def __init__(self, data, pos=0, end=None):
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def u8(self):
        if self.pos >= self.end:
            raise ValueError("record too short")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self):
        b = self.u8()
        neg = b & 0x40
        v = b & 0x3F
        shift = 6
        while b & 0x80:
            b = self.u8()
            # at most 30 bits in all, checked before the shift: no long int
            if shift > 27 or (b & 0x7F) >> (30 - shift):
                raise ValueError("number too long")
            v |= (b & 0x7F) << shift
            shift += 7
        return -v if neg else v

    def take(self, n):
        if self.pos + n > self.end:
            raise ValueError("record too short")
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def into(self, dest, n):
        """The next ``n`` bytes into ``dest`` (a loop: nothing allocated)."""
        if n > len(dest) or self.pos + n > self.end:
            raise ValueError("record too short")
        data = self.data
        pos = self.pos
        for i in range(n):
            dest[i] = data[pos + i]
        self.pos = pos + n

    def left(self):
        return self.end - self.pos


def read_fields(state, r, n=-1, drop=0):
    """What ``put_fields`` wrote, read with ``r`` (a ``Reader``)
    into ``state``; ValueError if it does not fit. Allocates nothing (a
    guest reads every observation so). A FORMAT 1 snapshot gives ``n``
    fields, those whose bit is set in ``drop`` since dropped, and its SETS
    as bytes (``saves.decode._OLD``)."""
    fields = state.FIELDS
    k = 0
    for i in range(len(fields) if n < 0 else n):
        v = r.varint()
        if drop >> i & 1:
            continue
        name = fields[k]
        k += 1
        if isinstance(getattr(state, name), bool):
            v = bool(v)
        setattr(state, name, v)
    for name in state.BUFFERS:
        buf = getattr(state, name)
        if r.u8() != len(buf):
            raise ValueError("saved by other firmware")
        r.into(buf, len(buf))
    for name in state.SETS:
        if n >= 0:  # FORMAT 1: bytes then, Roller Coaster's pub
            m = state.ncards
            b = r.take(r.u8())
            if len(b) != (m + 8) >> 3:
                raise ValueError("saved by other firmware")
            for c in range(m):
                if b[c >> 3] >> (c & 7) & 1:
                    getattr(state, name).add(c)
            state.turned = b[m >> 3] >> (m & 7) & 1 == 1
            continue
        words = getattr(state, name).w
        if r.u8() != len(words):
            raise ValueError("saved by other firmware")
        for i in range(len(words)):
            w = r.varint()
            if w < 0 or w >= 1 << 27:
                raise ValueError("bad card set")
            words[i] = w
