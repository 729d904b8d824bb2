"""What an operator watches, in Prometheus's text format at ``/metrics``.

Each app has its own :class:`Metrics` (its own registry), so several apps in one process (the
tests) never mix their counts. Counters count from the instance's start; gauges are read when
scraped.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest


class Metrics:
    """The instance's counters, gauges and histograms."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.moves = Counter("gamenight_moves", "Game actions applied (people and bots).",
                             registry=r)
        self.saves = Counter("gamenight_saves", "Changes stored (every kind).", registry=r)
        self.conflicts = Counter("gamenight_conflicts",
                                 "Saves refused because another instance changed the room "
                                 "first (compare-and-set).", registry=r)
        self.busy = Counter("gamenight_busy", "Requests refused with busy (the room kept "
                                              "changing under them).", registry=r)
        self.unavailable = Counter("gamenight_unavailable",
                                   "Requests refused because the store was unreachable.",
                                   registry=r)
        self.followed = Counter("gamenight_followed",
                                "Changes made elsewhere installed here from the change feed.",
                                registry=r)
        self.repaired = Counter("gamenight_repaired",
                                "Rooms found behind the store by the version check (a change "
                                "notice was missed) and caught up.", registry=r)
        self.rebased = Counter("gamenight_rebased",
                               "Rooms reloaded because the store went back to an older "
                               "version than the one held here.", registry=r)
        self.takeovers = Counter("gamenight_lease_takeovers",
                                 "Rooms whose timed work this instance took over.", registry=r)
        self.loads = Counter("gamenight_room_loads", "Rooms loaded into memory.", registry=r)
        self.lag = Histogram("gamenight_follower_lag_seconds",
                             "From a change stored elsewhere to its push here.",
                             buckets=(.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5),
                             registry=r)
        self.rooms = Gauge("gamenight_rooms_in_memory", "Rooms held in memory.", registry=r)
        self.sockets = Gauge("gamenight_sockets", "Open WebSockets.", registry=r)

    def watch(self, rooms: Callable[[], float], sockets: Callable[[], float]) -> None:
        """Read the two gauges from these functions at every scrape."""
        self.rooms.set_function(rooms)
        self.sockets.set_function(sockets)

    def text(self) -> bytes:
        return generate_latest(self.registry)
