"""What the results say of a finished game (``facts``), read from its
state alone once its table has gone and before its game's modules go
(``App._facts``): no table holds this code, and it goes with the game's
modules, before the results screen's loads.
"""

import games
from match import KIND_NAMES, PERSON


def facts(match, state, me):
    """What the results say of ``match``'s finished game (``state``; ``me``:
    the seat whose hand the table showed last): (heading, rows, who starts
    the next game of a series, who started this one, so the same deal
    replays exactly). A blocked ending's words are the game's rules', and
    so is a series' next starter."""
    players = match.players
    game = games.by_id(match.info.ID)
    starter = 0
    friends = len(match.people()) > 1  # pass-and-play
    places = state.ranking()
    win = state.winners()
    rows = []
    if players == 1:  # solitaire: a score out of the pyramid
        head = "Cleared!" if win else "Score %d" % state.score()
    elif state.winner < 0:  # nobody went out (blocked, or a limit): the game says why
        from games.text import ending

        head, why = ending(state)
        rows.append(why)
        rows.append("FEWEST CARDS LEFT RANK FIRST")
    elif me in win and not friends:
        head = "You win!" if len(win) == 1 else "Shared win"
    else:
        head = "P%d wins" % (win[0] + 1)
    if players == 1:
        rows.append("%d OF %d CARDS CLEARED" % (state.score(), game.SIZE))
    else:
        series = match.info.series
        if series:
            starter = game.next_starter(state, match.deal)
        last = max(places)
        for s in sorted(range(players), key=lambda s: (places[s], s)):
            who = "YOU" if s == me and not friends else "P%d" % (s + 1)
            mark = "*" if s in win else " "
            left = state.cards_left(s)
            tail = "%2d CARDS" % left if left else "OUT"
            if series and places[s] == last and last > 0:
                tail += " BASTARD"
            if friends:  # who sat where: the people, and the computers' levels
                kind = PERSON if s == 0 else match.kind(s)  # seat 0 is a person too: you
                rows.append("%d%s %-3s %-8s %s" % (places[s] + 1, mark, who, tail,
                                                   KIND_NAMES[kind].upper()))  # fmt: skip
            else:
                rows.append("%d%s %-3s %s" % (places[s] + 1, mark, who, tail))
    if match.deal:  # (a guest of a linked game is never told the deal)
        rows.append("DEAL %d" % match.deal)
    return head, rows, starter, state.starter
