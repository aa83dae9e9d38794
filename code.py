"""Pocket card console: build this board's HAL and run the app."""

import hal
from app import App

App(hal.open()).run()
