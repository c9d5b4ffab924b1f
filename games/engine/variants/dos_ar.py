"""Placeholder: this variant is being written; it registers nothing yet."""
