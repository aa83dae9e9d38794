"""Plays the people's seats through button presses alone.

It decides with the game's computer policy from the seat's observation
(in pass-and-play it presses A at the cover to show the next hand),
then presses what a person would (the table screen says which keys take
an action from where its cursor is). Used by tests to prove every game
can be played to its results screen with the buttons.
"""


def presses_for(table, action):
    """Key presses that make the table do ``action`` from where it is."""
    return table.presses_for(action)


def play_turn(session):
    """Press through one decision of the person's seat; False when the
    screen is not a table waiting for the person."""
    table = session.screen
    state = getattr(table, "state", None)
    if state is None or state.is_over():
        return False
    if getattr(table, "turns", None) is not None and table.turns.passing():
        session.press("A")  # pass-and-play: the next person shows their hand
        return True
    seat = state.current_player()
    if seat != getattr(table, "me", 0) or seat not in getattr(table, "people", [0]):
        return False
    action = table.game.basic_policy(state.observe(seat), session.app.rng)
    for key in presses_for(table, action):
        session.press(key)
    return True


def open_game(session, game_id, players, deal, variant=0, people=()):
    """From the title screen to the game's table by button presses: the
    menu, then each setup row (players, variant, the seats in ``people``
    made persons for pass-and-play, the deal number entered as digits),
    then START. Returns the table screen."""
    import games
    from match import PERSON

    title = session.screen
    for _ in range(len(title.items)):  # the title opens where it was left
        if title.items[title.menu.index] == "New game":
            break
        session.press("DOWN")
    session.press("A")  # title -> menu
    menu = session.screen
    for _ in range(len(games.CATALOGUE)):
        if games.CATALOGUE[menu.menu.index].ID == game_id:
            break
        session.press("DOWN")
    session.press("A")  # menu -> setup
    setup = session.screen
    for _ in range(40):
        row = setup.rows[setup.menu.index]
        if row == "players":
            while setup.players != players:
                session.press("RIGHT")
        elif row == "variant":
            while setup.variant != variant:
                session.press("RIGHT")
        elif row == "others" and people:
            while not setup.rows[setup.menu.index + 1].startswith("seat"):
                session.press("RIGHT")  # to By seat: a row for each seat
        elif row.startswith("seat") and int(row[4:]) in people:
            while setup.seat_kinds[int(row[4:])] != PERSON:
                session.press("RIGHT")
        elif row == "deal":
            session.press("A")  # random -> a number, edited digit by digit
            _enter_digits(session, setup, deal)
            session.press("B")
        elif row == "start":
            break
        session.press("DOWN")
    session.press("START")
    return session.screen


def _enter_digits(session, setup, deal):
    """Type ``deal`` one digit at a time, as a person would: DOWN counts a
    digit down, UP when DOWN is refused (a number must stay 1 .. 2**30-1);
    a digit that cannot change yet is fixed on a second pass (A after the
    last digit goes back to the first)."""
    want = "%010d" % deal
    for _ in range(3):
        for i in range(10):
            key = "DOWN"
            for _ in range(20):
                digit = ("%010d" % setup.deal)[i]
                if digit == want[i]:
                    break
                session.press(key)
                if ("%010d" % setup.deal)[i] == digit:
                    if key == "UP":
                        break  # neither way for now: the next pass
                    key = "UP"
            session.press("A")  # next digit
        if setup.deal == deal:
            return
    raise AssertionError("could not enter deal %d" % deal)


def play_to_results(session, max_steps=5000):
    """Play the person's seat until the results screen; True when reached."""
    for _ in range(max_steps):
        name = type(session.screen).__name__
        if name == "Results":
            return True
        table = session.screen
        state = getattr(table, "state", None)
        if state is not None and state.is_over() and not session.app.busy():
            session.press("A")  # a finished solitaire waits for A
            continue
        if not play_turn(session):
            session.settle()
    return type(session.screen).__name__ == "Results"
