"""Writes mnemo-quick-start.pdf, the sample PDF new users can add (a text-layer PDF, no tools needed).

Run: python3 apps/web/scripts/make-quick-start-pdf.py (writes into apps/web/public/samples/).
"""
import os
import textwrap

TITLE = "Mnemo quick start guide"
PARAGRAPHS = [
    "Mnemo is a second brain you host yourself. Everything you save becomes a memory: web pages, "
    "files, notes you write, recordings and results from connected apps. Memories appear on your wall "
    "and can be grouped into collections.",
    "Saving memories. Open Add memory and choose Add Links to save web pages, Upload Files for PDF, "
    "Word, PowerPoint, Excel, CSV, text and images, Take Notes to write a page, or Record Meetings to "
    "record audio. Each memory is read and indexed in the background; the card at the bottom right "
    "shows the progress.",
    "Asking questions. Ask a question in the chat and Mnemo answers from your memories, with numbered "
    "citations that open the memory they came from. You can ask about one memory, a collection or "
    "everything you saved.",
    "Keyboard tip. Press Ctrl+S (Cmd+S on a Mac) to save a page while you write it; pages also save "
    "themselves every five seconds.",
    "Collections. A collection holds related memories and can be shared with other people as admin, "
    "write or read. A collection's custom instructions join every question asked inside it.",
    "Privacy. Mnemo runs on your own server. Your memories stay in your own database, and nothing is "
    "sent to an AI provider unless the operator configures one.",
    "Removing samples. These sample memories are ordinary memories: delete them from the wall whenever "
    "you like.",
]


def esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


lines = ["BT", "/F2 20 Tf", "72 740 Td", f"({esc(TITLE)}) Tj", "/F1 11 Tf", "0 -34 Td"]
for p in PARAGRAPHS:
    for row in textwrap.wrap(p, 88):
        lines += [f"({esc(row)}) Tj", "0 -15 Td"]
    lines.append("0 -9 Td")
lines.append("ET")
content = "\n".join(lines).encode("latin-1")

objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
    b"/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
    b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    b"<< /Title (" + esc(TITLE).encode() + b") /Producer (Mnemo) >>",
]
out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for i, body in enumerate(objects, start=1):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for off in offsets:
    out += b"%010d 00000 n \n" % off
out += b"trailer\n<< /Size %d /Root 1 0 R /Info 7 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
target = os.path.join(os.path.dirname(__file__), "..", "public", "samples", "mnemo-quick-start.pdf")
with open(target, "wb") as f:
    f.write(out)
