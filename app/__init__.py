"""The room server: FastAPI + WebSockets around the pure engines in ``rules``."""
