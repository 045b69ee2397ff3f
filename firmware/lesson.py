# The lessons on the console (issues 31, 55), for the session (firmware/session.py: Session.learn),
# loaded for the call and dropped as firmware/resume.py is. A lesson (firmware/lessons/; its data:
# firmware/games/<game>/lessons.py, a move told: words.py there) goes: its rule in plain words and
# its goal on a text screen; its example played on the board (stage "demo", any key skips it); the
# player's try on the lesson's position, the goal on the board's top line ("try"); at the sowing's
# end (Session.skip_anim) the lessons' own check judges it and the final board stays, its verdict on
# top ("met" or "again"); A there gives the move told from its own trace and the goal met or not, B
# goes back to the board to look at it. A lesson has no AI and is not saved as a game: the save
# keeps the game offered as "Resume" (firmware/saves.py state); the lessons done are
# Session.learnt, a bit each, saved with the settings.
# Each verb reads the session (s), calls its verbs (a text page shown, the board back: s.show,
# s.to_board) and hands back what it made of the step for the session to keep (Session.learn),
# (match, stage, goal, bit, then): the match to enter (position() below; None: the same), its
# stage and goal words (None: the same), the bit of a lesson met (0: none), then what comes next:
# the index of a legal move to play, "turn" (the player's) or None (the screen drawn again).
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload, num


def load(s):
    import firmware.lessons as L
    return L, L.load(s.cfg["game"])


def drop(s):
    # the lessons' data and code go between two uses (~2 KB while the lesson's move is sown)
    unload("firmware.games.%s.lessons" % s.cfg["game"])
    unload("firmware.games.%s.words" % s.cfg["game"])
    unload("firmware.lessons")


def begin(s, i):
    """Lesson i of the chosen game, its game loaded (the last one gone first: Session.learn): its
    rule and goal on a text screen, then its example (demo). None: the last one was done, back to
    the list on it."""
    s.clear()  # the Learn list's view and the menus' code go before the game's engine loads
    from firmware.screens import drop_menus  # (Omweso's lessons' lowest point at 320x240 else)
    drop_menus()
    name = s.cfg["game"]
    L, lessons = load(s)
    if i >= len(lessons):
        drop(s)  # (its data)
        s.menu("learn", sel=("lesson", i - 1))
        s.say("Every lesson done!")
        return
    ls = lessons[i]
    title = "%d. %s" % (i + 1, ls["title"])  # (26 letters: 160x128)
    lines = ["%s (rule %s)" % (ls["why"], L.rule(name, ls)), "Your goal: " + ls["goal"]]
    goal, rules = ls["line"], ls.get("rules")
    L = lessons = ls = None
    drop(s)  # (the data go while the game's engine loads: Omweso's is the largest)
    from firmware.resume import room  # the game's modules, the other games' gone
    r = room(s, name)
    unload("firmware.resume")
    g = games.load(name, rules)
    L, lessons = load(s)
    m = position(r, g, L.position(g, lessons[i]), i)
    drop(s)
    _text(s, "goal", title, lines)
    return m, "try", goal, 0, None


def position(room, g, pos, i):
    # the match of lesson i's position (or its example's), its mover the player, nothing played
    # yet (room: the game's adapter and play screen)
    rec = Record(g, pos)
    return room + (g, rec, g.to_move(rec.pos), TakeBack(), MoveLog(), None, i, False)


def demo(s):
    """A on the rule page: the lesson's example move played on its own position, step by step."""
    L, lessons = load(s)
    k, fields = lessons[s.lesson]["demo"]  # (L.demo's, with the session's own list of moves:
    # no buffer of 256 made)
    m = position((s.ad, s.play), s.game, L.position(s.game, {"pos": fields}), s.lesson)
    drop(s)
    s.to_board()
    return m, "demo", None, 0, k  # (its end: judge)


def board(s):
    """The lesson's board, the player's turn (again())."""
    s.to_board()
    return None, None, None, 0, "turn"


def hint(s):
    """A move that meets the goal with the rules taught so far (the AI's best move may not: a
    lesson is not a game to win): its cell (Session.do_hint, through firmware/actions.py)."""
    if s.phase != "select":
        s.say("No hint now")
        return
    s.clear()  # the board goes while the lessons load (Omweso's lowest point, 37 KB, else)
    L, lessons = load(s)
    code = L.hint(s.game, lessons, s.lesson, s.rec.pos, s.legal)
    cell = None
    if code is not None:
        t = s.game.move_str(s.rec.pos, code)
        cell = num(t)
        s.play.hinted(t, "Hint: " + s.ad.move_words(t), "meets the goal")
    drop(s)
    s.to_board()  # (built again: ~0.5 s on the chip at 320x240)
    return cell


def again(s):
    """The lesson's position back, to try again."""
    L, lessons = load(s)
    m = position((s.ad, s.play), s.game, L.position(s.game, lessons[s.lesson]), s.lesson)
    drop(s)
    s.to_board()
    return m, "try", None, 0, "turn"


def judge(s):
    """The sowing has ended (its board gone: Session.skip_anim): after the example, the player's
    turn; after a try, was the goal met? The final board comes back, its verdict on top."""
    if s.stage == "demo":  # the example's end stays until A (next), on the same board (a new
        # one, built again over the old one's place, left Omweso's heap 13 KB lower on the chip),
        # its lines redrawn: "That was the example", "A: your try" (they kept "A: skip the
        # example" where the sowing's last step came a tick before its end)
        return None, None, None, 0, None
    L, lessons = load(s)
    i = s.lesson
    ls = lessons[i]
    g = s.game
    move = g.parse_move(L.position(g, ls), s.last[2])
    met = L.meets(g, ls, L.position(g, ls), move) and L.bit(s.cfg["game"], i)
    drop(s)
    # met: its bit saved with the settings once the final board is drawn (here, with the
    # lessons' code just loaded, it was Omweso's lowest point at 320x240): the lesson itself is
    # not a game to resume
    s.to_board()
    return None, "met" if met else "again", None, met or 0, None


def next(s):
    """A on the board when the sowing has ended: the player's try after the example, or the
    try told in words."""
    s.clear()  # the board goes before the lessons load (Omweso's lowest point else)
    if s.stage == "demo":  # the player's try
        return again(s)
    L, lessons = load(s)
    ls = lessons[s.lesson]
    g = s.game
    pos = L.position(g, ls)
    met, lines = L.tell(g, ls, pos, g.parse_move(pos, s.last[2]))
    drop(s)
    if met:
        _text(s, "met", "Goal met: well done!", lines)
    else:
        lines.append("")
        lines.append("Your goal: " + ls["goal"])
        _text(s, "again", "Not this time", lines)
    return None, None, None, 0, None


def _text(s, kind, title, lines):  # a page of the lesson's (firmware/screens/text.py)
    from firmware.screens.text import LessonScreen
    s.show(LessonScreen(s, kind, title, lines))
