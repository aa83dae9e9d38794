"""Stand-in ``pwmio``: remembers frequency and duty cycle."""

instances = []


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        self.pin = pin
        self.duty_cycle = duty_cycle
        self.frequency = frequency
        self.variable_frequency = variable_frequency
        instances.append(self)

    def deinit(self):
        pass
