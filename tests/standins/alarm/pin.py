"""Stand-in ``alarm.pin``."""


class PinAlarm:
    def __init__(self, pin, value, edge=False, pull=False):
        self.pin = pin
        self.value = value
        self.pull = pull
