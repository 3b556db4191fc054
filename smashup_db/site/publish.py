"""What search engines read: ``sitemap.xml`` and ``robots.txt`` at the top of the site.

The sitemap lists every page of every language once (``<url><loc>``), each with its alternates in
every built language and ``x-default`` (the first language), as the pages' own
``<link rel="alternate" hreflang>`` do (the sitemaps.org protocol with Google's
``xhtml:link`` extension). The addresses are made under ``--base-url``: give an ``https://``
address there for a sitemap search engines accept (a path base gives paths). ``robots.txt``
allows everything and names the sitemap when the base is an address.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

from smashup_db.site.paths import page_url, safe_path


def sitemap_xml(base: str, langs: list[str], pages: list[tuple[str, ...]]) -> str:
    """The sitemap of the pages ``pages`` (path segments under ``/L/``) in ``langs``, under ``base``."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for segments in pages:
        urls = {lang: page_url(base, lang, *segments) for lang in langs}
        alternates = "".join(
            f'<xhtml:link rel="alternate" hreflang="{lang}" href={quoteattr(urls[lang])}/>'
            for lang in langs
        ) + (f'<xhtml:link rel="alternate" hreflang="x-default" href={quoteattr(urls[langs[0]])}/>')
        for lang in langs:
            out.append(f"<url><loc>{_text(urls[lang])}</loc>{alternates}</url>")
    out.append("</urlset>")
    return "\n".join(out) + "\n"


def robots_txt(base: str) -> str:
    """``robots.txt``: every page may be crawled; the sitemap named when ``base`` is an address."""
    lines = ["User-agent: *", "Allow: /"]
    if "://" in base:
        lines.append(f"Sitemap: {base}sitemap.xml")
    return "\n".join(lines) + "\n"


def write_publish(root: Path, base: str, langs: list[str], pages: list[tuple[str, ...]]) -> None:
    """Write ``sitemap.xml`` and ``robots.txt`` into the build folder ``root``."""
    safe_path(root, filename="sitemap.xml").write_text(
        sitemap_xml(base, langs, pages), encoding="utf-8"
    )
    safe_path(root, filename="robots.txt").write_text(robots_txt(base), encoding="utf-8")


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
