#!/usr/bin/env python3
"""Capture a coloured `tatsu` command as it looks on a terminal: runs it with `--color always`, turns its ANSI
colours (the 256-colour SGR codes tatsu writes) into an HTML page, and screenshots that page with headless Chromium.

    scripts/term_capture.py docs/images/lion.png -- target/debug/tatsu piece tests/data/variants/multi-leg.tatsu L

The HTML is written beside the PNG (same stem, `.html`)."""
import html
import re
import subprocess
import sys
from pathlib import Path


def xterm256(n):
    """The RGB of xterm colour n."""
    base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255)]
    if n < 16:
        return base[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return steps[n // 36], steps[n // 6 % 6], steps[n % 6]
    g = 8 + 10 * (n - 232)
    return g, g, g


def to_html(text):
    out, fg, bg, bold = [], None, None, False
    for part in re.split(r"(\x1b\[[0-9;]*m)", text):
        m = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
        if not m:
            style = []
            if fg:
                style.append("color:rgb%s" % (fg,))
            if bg:
                style.append("background:rgb%s" % (bg,))
            if bold:
                style.append("font-weight:bold")
            esc = html.escape(part)
            out.append('<span style="%s">%s</span>' % (";".join(style), esc) if style else esc)
            continue
        codes = [int(c) for c in m.group(1).split(";") if c] or [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                fg, bg, bold = None, None, False
            elif c == 1:
                bold = True
            elif c in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                if c == 38:
                    fg = xterm256(codes[i + 2])
                else:
                    bg = xterm256(codes[i + 2])
                i += 2
            i += 1
    return "".join(out)


def main():
    png = Path(sys.argv[1])
    command = sys.argv[sys.argv.index("--") + 1:]
    command.insert(1, "--color")
    command.insert(2, "always")
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    lines = text.count("\n") + 1
    width = max(len(re.sub(r"\x1b\[[0-9;]*m", "", line)) for line in text.splitlines())
    page = ("<!DOCTYPE html><html><head><meta charset='utf-8'></head>"
            "<body style='margin:0;background:#fdfdfd'><pre style='margin:8px;font:14px/1.25 \"DejaVu Sans Mono\",monospace;"
            "color:#222'>$ %s\n%s</pre></body></html>") % (html.escape(" ".join(sys.argv[sys.argv.index("--") + 1:])),
                                                       to_html(text))
    page_path = png.with_suffix(".html")
    page_path.write_text(page)
    size = "%d,%d" % (max(640, int(width * 8.6) + 24), int((lines + 1) * 17.5) + 24)
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--screenshot=%s" % png, "--window-size=%s" % size, page_path.resolve().as_uri()],
                   check=True, capture_output=True)


if __name__ == "__main__":
    main()
