"""Pocket card console: build this board's HAL and run the app."""

from app import App

import hal

App(hal.open()).run()
