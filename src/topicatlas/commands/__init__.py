"""One module per ``topicatlas`` sub-command (see :data:`topicatlas.cli.COMMANDS`)."""
