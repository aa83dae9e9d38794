"""An emulated I2C bus with an SSD1306 panel on it.

``EmulatedI2C`` stands in for ``busio.I2C`` (lock, ``writeto``, ``scan``);
``SSD1306Panel`` decodes what the real ``adafruit_displayio_ssd1306``
driver sends through displayio: control bytes, commands with their
arguments, the addressing modes and windows, and data into the 128x8-page
display RAM. ``pixels()`` gives the panel as the commands configure it
(on/off, inverse, segment and COM remap, multiplex height), so the
simulator shows exactly what the driver sent. Byte counts make bus cost
measurable.
"""

# Command -> number of argument bytes (SSD1306 datasheet, section 9).
_ARGS = {
    0x20: 1,
    0x21: 2,
    0x22: 2,
    0x81: 1,
    0x8D: 1,
    0xA3: 2,
    0xA8: 1,
    0xD3: 1,
    0xD5: 1,
    0xD9: 1,
    0xDA: 1,
    0xDB: 1,
    0x26: 6,
    0x27: 6,
    0x29: 5,
    0x2A: 5,
}
_SIMPLE = {0x2E, 0x2F, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3}


class EmulatedI2C:
    """Duck-typed ``busio.I2C``: devices register by address."""

    def __init__(self, frequency=400000):
        self.frequency = frequency
        self.devices = {}
        self._locked = False
        self.bytes_sent = 0  # address byte + payload, per write
        self.writes = 0

    def attach(self, address, device):
        self.devices[address] = device

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return sorted(self.devices)

    def writeto(self, address, buffer, *, start=0, end=None):
        if address not in self.devices:
            raise OSError(19, "no I2C device at 0x%02x" % address)
        data = bytes(buffer[start:end])
        self.bytes_sent += len(data) + 1
        self.writes += 1
        self.devices[address].write(data)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        raise OSError(5, "SSD1306 on I2C is write-only")

    def writeto_then_readfrom(self, address, out_buffer, in_buffer, **kw):
        raise OSError(5, "SSD1306 on I2C is write-only")

    def deinit(self):
        self.devices = {}


class SSD1306Panel:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.ram = [bytearray(128) for _ in range(8)]
        self.on = False
        self.inverse = False
        self.all_on = False
        self.contrast = 0x7F
        self.mode = 2  # page addressing after reset
        self.col0, self.col1, self.page0, self.page1 = 0, 127, 0, 7
        self.col = 0
        self.page = 0
        self.seg_remap = False
        self.com_remap = False
        self.mux = 63
        self.start_line = 0
        self.offset = 0
        self.data_bytes = 0
        self.commands = 0
        self.unknown = []
        self._cmd = []  # command bytes being gathered

    # -- the I2C stream --------------------------------------------------
    def write(self, data):
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            co = control & 0x80
            is_data = control & 0x40
            if co:  # one byte, then another control byte
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
            else:  # the rest of the transfer is one stream
                while i < n:
                    self._byte(data[i], is_data)
                    i += 1

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
            return
        self._cmd.append(b)
        need = _ARGS.get(self._cmd[0], 0)
        if len(self._cmd) > need:
            self._command(self._cmd)
            self._cmd = []

    def _command(self, c):
        self.commands += 1
        op = c[0]
        if op == 0xAE or op == 0xAF:
            self.on = op == 0xAF
        elif op == 0xA6 or op == 0xA7:
            self.inverse = op == 0xA7
        elif op == 0xA4 or op == 0xA5:
            self.all_on = op == 0xA5
        elif op == 0x81:
            self.contrast = c[1]
        elif op == 0x20:
            self.mode = c[1] & 3
        elif op == 0x21:
            self.col0, self.col1 = c[1] & 127, c[2] & 127
            self.col = self.col0
        elif op == 0x22:
            self.page0, self.page1 = c[1] & 7, c[2] & 7
            self.page = self.page0
        elif op <= 0x0F:
            self.col = (self.col & 0xF0) | op
        elif op <= 0x1F:
            self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 7
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        elif op == 0xA0 or op == 0xA1:
            self.seg_remap = op == 0xA1
        elif op == 0xC0 or op == 0xC8:
            self.com_remap = op == 0xC8
        elif op == 0xA8:
            self.mux = c[1] & 0x3F
        elif op == 0xD3:
            self.offset = c[1] & 0x3F
        elif op in _ARGS or op in _SIMPLE:
            pass  # timing, charge pump, COM pins, scrolling: no effect on the image
        else:
            self.unknown.append(op)

    def _data(self, b):
        self.data_bytes += 1
        self.ram[self.page][self.col] = b
        if self.mode == 0:  # horizontal
            self.col += 1
            if self.col > self.col1:
                self.col = self.col0
                self.page = self.page + 1 if self.page < self.page1 else self.page0
        elif self.mode == 1:  # vertical
            self.page += 1
            if self.page > self.page1:
                self.page = self.page0
                self.col = self.col + 1 if self.col < self.col1 else self.col0
        else:  # page mode: column wraps, page stays
            self.col = (self.col + 1) & 127

    # -- what the glass shows ----------------------------------------------
    def ram_pixel(self, col, row):
        return (self.ram[row >> 3][col] >> (row & 7)) & 1

    def pixels(self):
        """Rows of 0/1 values, ``height`` rows of ``width``, as lit."""
        rows = []
        lit_rows = min(self.height, self.mux + 1)
        for y in range(self.height):
            line = bytearray(self.width)
            if self.on and y < lit_rows:
                # the modules are wired for remapped segments and COM scan
                com = y if self.com_remap else lit_rows - 1 - y
                row = (com + self.start_line + self.offset) & 63
                for x in range(self.width):
                    col = x if self.seg_remap else 127 - x
                    v = 1 if self.all_on else self.ram_pixel(col, row)
                    line[x] = v ^ 1 if self.inverse else v
            rows.append(line)
        return rows

    def lit_count(self):
        return sum(sum(r) for r in self.pixels())
