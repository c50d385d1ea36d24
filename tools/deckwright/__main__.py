from deckwright.cli import main

raise SystemExit(main())
