"""Helpers to run project code under the MicroPython unix VM."""

from sim.mpvm import ROOT, micropython, run_code, run_mp  # noqa: F401
