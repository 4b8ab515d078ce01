"""``python -m soulforge.server [host] [port]``: serve the web table."""

import sys

from soulforge.server.app import run

if __name__ == "__main__":
    run(sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1", int(sys.argv[2]) if len(sys.argv) > 2 else 8000)
