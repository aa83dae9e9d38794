"""Stand-in ``busio``: I2C buses with an emulated SSD1306 at 0x3C."""

from sim.ssd1306 import EmulatedI2C, SSD1306Panel

instances = []


class I2C(EmulatedI2C):
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        super().__init__(frequency=frequency)
        self.scl = scl
        self.sda = sda
        self.panel = SSD1306Panel(128, 64)
        self.attach(0x3C, self.panel)
        instances.append(self)


class SPI:
    """Named only: Blinka's displayio refers to busio.SPI in annotations."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("no SPI on this stand-in board")


class UART(SPI):
    pass
