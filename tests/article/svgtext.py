"""Text sizes inside a matplotlib SVG (text drawn as glyph paths, svg.fonttype = "path").

matplotlib writes each text as <g transform="translate(x y) scale(s -s)"> holding <use> glyphs
of a 100-unit font (s = size in pt / 100); mathtext superscripts add scale(k) on the <use>.
The SVG's user unit is the pt of its viewBox, so text of size t shows at t * shown_px / viewBox
width CSS px when the image is shown shown_px wide."""
import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
_SCALE = re.compile(r"scale\(([-\d.e]+)(?:[ ,]+([-\d.e]+))?\)")


def _scale(transform: str) -> float:
    m = _SCALE.search(transform or "")
    return abs(float(m.group(1))) if m else 1.0


def text_sizes(svg: bytes) -> list[float]:
    """Size in pt (viewBox units) of every glyph run in the SVG."""
    root = ET.fromstring(svg)
    sizes = []
    for g in root.iter(SVG + "g"):
        t = g.get("transform") or ""
        m = _SCALE.search(t)
        if not m or m.group(2) is None or float(m.group(2)) >= 0:
            continue  # text groups flip the y axis: scale(s -s)
        outer = abs(float(m.group(1))) * 100
        for use in g.findall(SVG + "use"):
            sizes.append(outer * _scale(use.get("transform")))
    return sizes


def view_box_width(svg: bytes) -> float:
    root = ET.fromstring(svg)
    return float(root.get("viewBox").split()[2])


def shown_px(svg: bytes, column_px: float) -> float:
    """Width in CSS px of the image in a column: its natural width (pt * 4/3), or less."""
    return min(view_box_width(svg) * 4 / 3, column_px)


def smallest_text_px(svg: bytes, column_px: float) -> float:
    return min(text_sizes(svg)) * shown_px(svg, column_px) / view_box_width(svg)
