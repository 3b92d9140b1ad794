"""What the site changes of a page for a reader's screen, from a phone's to a wide one's (the rest is
docs/_static/site.css).

* Each content image that is no link yet (the reports' figures, the gallery's) becomes a link to its
  own file, as the site copies it (``_images/``): the page shows a figure at most as wide as its
  column, a click opens it at full size. An image that links elsewhere (the landing page's figures,
  which open their report) is left as it is, and so is a thumbnail of the examples gallery (its card
  opens its example).
* A number keeps its per cent sign on its line: "93.9 %" is written with a no-break space, so a
  narrow column never leaves "93.9" at the end of one line and "%" at the start of the next. Code
  is left as it is.

For the site only, at build time: the reports (reports/*.md) stay as the workflow writes them.
"""

import posixpath
import re
import urllib.parse

from docutils import nodes
from sphinx.util.osutil import relative_uri

#: The class of the link around an image to its full-size file.
FULL_SIZE = "mavl-full-size"
#: A thumbnail of sphinx-gallery (the gallery's index, an API page's "Examples using"): its card is a
#: link to its example, which a link to the thumbnail's file would cover.
THUMBNAIL = re.compile(r"(?:^|/)sphx_glr_\w+_thumb\.\w+$")
#: A space between a digit and a per cent sign.
SPACE_BEFORE_PERCENT = re.compile(r"(?<=\d) (?=%)")
NO_BREAK_SPACE = "\u00a0"
_CODE = (nodes.FixedTextElement, nodes.literal, nodes.raw)


def keep_percent_with_number(doctree):
    """Every "<digit> %" of the page's text, code aside, written with a no-break space; how many."""
    count = 0
    for text in list(doctree.findall(nodes.Text)):
        if not SPACE_BEFORE_PERCENT.search(text) or any(isinstance(a, _CODE) for a in _ancestors(text)):
            continue
        new, found = SPACE_BEFORE_PERCENT.subn(NO_BREAK_SPACE, text.astext())
        text.parent.replace(text, nodes.Text(new))
        count += found
    return count


def _ancestors(node):
    while node.parent is not None:
        node = node.parent
        yield node


def link_images_to_their_files(doctree, image_uri):
    """Each image of the page that is no link yet wrapped in a link to ``image_uri(image)`` (None: left
    as it is); how many were."""
    count = 0
    for image in list(doctree.findall(nodes.image)):
        if isinstance(image.parent, nodes.reference) or THUMBNAIL.search(image["uri"]):
            continue
        uri = image_uri(image)
        if uri is None:
            continue
        link = nodes.reference("", "", internal=True, refuri=uri, classes=[FULL_SIZE],
                               reftitle="The figure at full size")
        image.replace_self(link)
        link.append(image)
        count += 1
    return count


def _site_image_uri(app, docname):
    """An image's address in the built site, from the page ``docname``, as the HTML writer writes its
    ``src`` (``_images/<name>``); None for an image the build does not copy (a remote one)."""
    imgpath = relative_uri(app.builder.get_target_uri(docname), app.builder.imagedir)

    def uri(image):
        found = app.env.images.get(image["candidates"].get("*", image["uri"]))
        return found and posixpath.join(imgpath, urllib.parse.quote(found[1]))
    return uri


def _adapt(app, doctree, docname):
    keep_percent_with_number(doctree)
    if app.builder.format == "html":
        link_images_to_their_files(doctree, _site_image_uri(app, docname))


def setup(app):
    app.connect("doctree-resolved", _adapt)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
