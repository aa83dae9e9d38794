"""Stand-in ``digitalio``: enough for displayio's optional reset pin."""


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = True
        self.direction = Direction.INPUT
        self.pull = None

    def switch_to_output(self, value=False, **kw):
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def deinit(self):
        pass
