"""Hues and Cues (work in progress): see rules/hues/engine.py."""
