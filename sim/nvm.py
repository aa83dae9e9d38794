"""The simulator's byte store: a fixed-size bytearray like
``microcontroller.nvm`` (4 KB, as on an RP2040), optionally kept in a file.

Like the board's, every slice assignment is one flash write: it is
counted (``writes``) and, with a file, written through at once (to a
temporary file then renamed, so the desktop never leaves half a file).
``erases`` counts the writes an RP2040 would have to erase its sector
for: those that change any byte that is not 0xFF (CircuitPython programs
erased bytes in place).
``cut_after`` makes the next assignment stop after that many bytes, as a
power cut mid-write would (fault tests).

``refusal(path)`` says why a file given to ``--nvm`` must not be used (it
exists and is not a console store): the simulator never overwrites it.
"""

import os

from saves import store as save_store

SIZE = 4096


def default_path(guest=False):
    """Where the interactive simulator keeps its saves, per user; a
    simulator joining a linked game (``guest``) keeps its own, so a host
    and a guest on one machine never write one store."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    return os.path.join(base, "elevator-console", "nvm-guest.bin" if guest else "nvm.bin")


def is_store(data, size=SIZE):
    """True if ``data`` (a file's bytes) is a console store this simulator
    may write: empty, all erased (0xFF), or ``size`` bytes with a copy's
    magic (``saves/store.py``: "EC") at the start of either slot."""
    if not data:
        return True
    if len(data) != size:
        return False
    if data == b"\xff" * size:
        return True
    half = size // 2
    magic = bytes((save_store.MAGIC0, save_store.MAGIC1))
    return data[:2] == magic or data[half : half + 2] == magic


def refusal(path, size=SIZE):
    """Why ``path`` cannot be the simulator's store (a one-line reason),
    or None: a path with no file yet, or a console store."""
    if os.path.isdir(path):
        return "%s is a folder, not a store file" % path
    if not os.path.exists(path):
        return None
    try:
        with open(path, "rb") as f:
            data = f.read(size + 1)
    except OSError as e:
        return "cannot read %s: %s" % (path, e.strerror)
    if not is_store(data, size):
        return (
            "%s is not a console store (one is %d bytes, erased or starting with 'EC') "
            "and is left as it is" % (path, size)
        )
    return None


class FileNVM:
    def __init__(self, path=None, size=SIZE):
        self.path = path
        self.data = bytearray(b"\xff" * size)  # erased flash reads 0xFF
        self.writes = 0
        self.erases = 0
        self.cut_after = -1
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                saved = f.read(size)
            self.data[: len(saved)] = saved

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return bytes(self.data[i])
        return self.data[i]

    def __setitem__(self, i, value):
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self.data))
            value = bytes(value)
            if step != 1 or stop - start != len(value):
                raise ValueError("nvm slices must be contiguous and keep their length")
        else:
            start, value = i, bytes([value])
        if self.data[start : start + len(value)] != b"\xff" * len(value):
            self.erases += 1
        if self.cut_after >= 0:
            value = value[: self.cut_after]
            self.cut_after = -1
        self.data[start : start + len(value)] = value
        self.writes += 1
        self._flush()

    def _flush(self):
        if not self.path:
            return
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self.data)
        os.replace(tmp, self.path)
