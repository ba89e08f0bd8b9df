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


def glyphs(svg: bytes) -> list[tuple[float, bool]]:
    """(size in pt (viewBox units), is a superscript) for every glyph drawn in the SVG."""
    root = ET.fromstring(svg)
    out = []
    for g in root.iter(SVG + "g"):
        m = _SCALE.search(g.get("transform") or "")
        if not m or m.group(2) is None or float(m.group(2)) >= 0:
            continue  # text groups flip the y axis: scale(s -s)
        outer = abs(float(m.group(1))) * 100
        for use in g.findall(SVG + "use"):
            inner = _scale(use.get("transform"))
            out.append((outer * inner, inner < 1))
    return out


def text_sizes(svg: bytes, superscripts: bool | None = None) -> list[float]:
    """Glyph sizes in pt: all, or only (not) the superscripts."""
    return [s for s, sup in glyphs(svg) if superscripts is None or sup == superscripts]


def view_box_width(svg: bytes) -> float:
    root = ET.fromstring(svg)
    return float(root.get("viewBox").split()[2])


def shown_px(svg: bytes, column_px: float) -> float:
    """Width in CSS px of the image in a column: its natural width (pt * 4/3), or less."""
    return min(view_box_width(svg) * 4 / 3, column_px)


def smallest_text_px(svg: bytes, column_px: float, superscripts: bool | None = False) -> float:
    """The smallest text (by default: not counting superscripts) in CSS px, shown in the column."""
    return min(text_sizes(svg, superscripts)) * shown_px(svg, column_px) / view_box_width(svg)
