"""HTTP and WebSocket routers: ``api`` (JSON), ``ws`` (play), ``assets`` (game files)."""
