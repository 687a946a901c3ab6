from companion.start import main

raise SystemExit(main())
