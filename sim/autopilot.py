"""Plays the person's seat through button presses alone.

It decides with the game's computer policy from seat 0's observation,
then presses what a person would: LEFT/RIGHT to the card, A to add it,
START to play the run, SELECT to draw. Used by tests to prove a game can
be played to its results screen with the buttons.
"""

from buttons import LEFT, RIGHT, SELECT, START, A


def presses_for(table, action):
    """Key presses that make the table do ``action`` from where it is."""
    if action == table.game.DONE:
        return [START]
    if action == table.game.DRAW:
        return [SELECT]
    idx = table.hand.index(action)
    keys = []
    cur = table.cursor
    n = len(table.hand)
    right = (idx - cur) % n
    left = (cur - idx) % n
    keys.extend([RIGHT] * right if right <= left else [LEFT] * left)
    keys.append(A)
    return keys


def play_turn(session):
    """Press through one decision of the person's seat; False when the
    screen is not a table waiting for the person."""
    table = session.screen
    state = getattr(table, "state", None)
    if state is None or state.is_over() or state.current_player() != 0:
        return False
    action = table.game.basic_policy(state.observe(0), session.app.rng)
    for key in presses_for(table, action):
        session.press(key)
    return True
