"""Record a session as an animated GIF (``python -m sim --record out.gif``).

The simulated display hands every refresh that sent bytes (and every
panel on/off) to ``GifRecorder.capture`` with the console's own clock, so
each frame lasts as long as it stayed on the panel, on virtual time
(headless) as on real time (terminal, window). Frames are kept as the
panel's pixels and turned into a GIF by Pillow when the session ends.
"""

from PIL import Image

from sim.render import OFF, ON

MAX_FRAMES = 20000  # about 160 MB of pixels: a very long session
MIN_MS = 20  # one frame of the console's loop
LAST_MS = 1500  # the final picture stays a moment before the GIF loops


class GifRecorder:
    def __init__(self, path, width, height, scale=2):
        self.path = path
        self.size = (width, height)
        self.scale = scale
        self.frames = []  # (ticks_ms, pixels as bytes of 0/1)
        self.dropped = 0

    def capture(self, panel, now):
        rows = panel.pixels()
        flat = b"".join(bytes(r) for r in rows)
        if self.frames and self.frames[-1][1] == flat:
            return  # the same picture: the previous frame just lasts longer
        if len(self.frames) >= MAX_FRAMES:
            self.dropped += 1
            return
        self.frames.append((now, flat))

    def durations(self):
        times = [t for t, _ in self.frames]
        out = []
        for i in range(len(times) - 1):
            d = (times[i + 1] - times[i]) & 0x1FFFFFFF  # ticks wrap at 2**29
            out.append(max(MIN_MS, d))
        out.append(LAST_MS)
        return out

    def save(self):
        """Write the GIF; returns the number of frames (0: nothing shown)."""
        if not self.frames:
            return 0
        palette = list(OFF) + list(ON) + [0] * (256 * 3 - 6)
        w, h = self.size
        images = []
        for _, flat in self.frames:
            img = Image.frombytes("P", (w, h), flat)
            img.putpalette(palette)
            if self.scale != 1:
                img = img.resize((w * self.scale, h * self.scale), Image.NEAREST)
            images.append(img)
        images[0].save(self.path, save_all=True, append_images=images[1:],
                       duration=self.durations(), loop=0, optimize=False)  # fmt: skip
        return len(images)
