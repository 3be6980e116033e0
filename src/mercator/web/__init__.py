"""What the browser sees: pages generated from the engine and the content files."""
