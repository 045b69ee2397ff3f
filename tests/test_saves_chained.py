# Power cuts that the app cannot swallow, and a second cut during the recovery after a first
# (issue 32), on the flash model of tests/flashmodel.py through the app's real save path
# (tests/saves_games.py). After a first cut the device boots: a fresh Saver loads (the last
# complete save or the one being written) and its first save rewrites whatever it no longer
# trusts; a second cut at every flash operation of that save must still load that state or the new one.
import json
import os
import sys

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
for _p in (os.path.dirname(_HERE), os.path.join(_HERE, "portable"), _HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import flashmodel as FM  # noqa: E402
import saves_games as SG  # noqa: E402
from session_util import make, Clock, settle, human_move  # noqa: E402

GAMES = {"oanquan": 7, "sanyao": 1, "omweso": 6}


def test_a_power_cut_is_not_an_exception_the_app_can_swallow():
    # the session turns a failing store into "Save failed" and plays on; a cut must stop it
    flash, saver = FM.device()
    s = make("oanquan", "two", store=saver)
    c = Clock()
    s.new_game()
    s.work()
    settle(s, c)
    flash.cut = flash.ops  # the next flash operation: the move's save
    with pytest.raises(FM.PowerCut):
        human_move(s, c)
    assert not isinstance(FM.PowerCut(), Exception)


class ChainSweep(SG.CutSweep):
    """A first cut at every erase and the two programs after it (a cut there leaves a log or a
    copy that the next boot must rewrite), then a boot, its first save, and a second cut at
    every operation of that save."""

    def __init__(self, seed=11):
        SG.CutSweep.__init__(self, True, seed)
        self.firsts = 0
        self.seconds = 0
        self.lost2 = []
        self.left = 0  # programs of the current rewrite still to cut

    def cut(self, flash, op):
        if op[0] == "erase":  # (the single cuts at every operation: tests/test_saves_flash.py)
            self.left = 2  # the first programs after it (the rest cut alike: test_saves_flash)
        elif self.left > 0:
            self.left -= 1
        else:
            return
        for mode in (("garbage", "partial") if op[0] == "erase" else ("bits",)):
            f = flash.clone()
            f.partial(op, self.rng, mode)
            self.firsts += 1
            self.recover(f)

    def recover(self, f):
        before = f.clone()
        booted = FM.saver_on(f, True)
        got = booted.load()
        if got is None:
            return
        i = got.index(b"\n")  # the boot's first save: a new setting (a new head); it rewrites
        head = json.loads(got[:i].decode())  # what the load did not trust
        head["cfg"]["sound"] = not head["cfg"].get("sound")
        new = json.dumps(head).encode() + got[i:]
        seen = []
        f.hook = lambda fl, op: seen.append(op)
        booted.save(new)
        f.hook = None
        if not seen:
            return
        for k in range(len(seen)):  # the same boot on copies of the flash, cut at operation k
            g2 = before.clone()
            s2 = FM.saver_on(g2, True)
            s2.load()
            count = [0]

            def hook(fl, op, k=k, count=count):
                if count[0] == k:
                    fl.cut = fl.ops
                count[0] += 1

            g2.hook = hook
            g2.mode = ("garbage", "partial")[k % 2]
            try:
                s2.save(new)
            except FM.PowerCut:
                pass
            g2.hook = None
            self.seconds += 1
            again = FM.saver_on(g2, True).load()
            if again != got and again != new:
                self.lost2.append((k, seen[k][0]))


def sweep(game, games):
    w = ChainSweep()
    SG.run(game, games, watch=w, backup=True)
    return w


@pytest.mark.parametrize("game", [
    g if g == "oanquan" else pytest.param(g, marks=pytest.mark.long) for g in sorted(GAMES)])
def test_a_second_cut_during_the_recovery_loses_nothing(game, monkeypatch):
    import gc
    monkeypatch.setattr(gc, "collect", lambda: None)  # for the chip's heap; ~0.1 s each here
    w = sweep(game, GAMES[game])
    print("%s: %d first cuts at erases and rewrites, %d second cuts in the boot's first save, "
          "%d lost" % (game, w.firsts, w.seconds, len(w.lost2)))
    assert w.firsts >= 10 and w.seconds > 10 * w.firsts  # the boots rewrote: cut there too
    assert w.lost2 == [], w.lost2[:10]
