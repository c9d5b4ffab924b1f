# The two commands of the README:
#   make run    the site with demo data at http://127.0.0.1:8000 (embedded mode)
#   make test   the whole test suite
# and the others: make prod (production-like stack with honcho), make lint, make typecheck,
# make messages / make compilemessages (translations).

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000
# The pure packages: `make test` runs mypy --strict on those that exist.
PURE_PACKAGES := $(wildcard games/engine league/pairing league/skill)
LOCALES := -l es -l en -l it
MESSAGES_OPTIONS := --no-obsolete --ignore=staticfiles --ignore=var --ignore=tests --ignore=node_modules
PIP := $(PY) -m pip install --disable-pip-version-check --quiet
# WebSocket frames over 16 KiB are refused by the server before they are read (close 1009);
# the sockets' own limit is 4096 characters (games/live/frames.py, docs/deploy.md).
UVICORN_LIMITS := --ws-max-size 16384

.PHONY: run test lint typecheck prod messages compilemessages install install-dev engine-compiled

$(PY):
	$(PYTHON) -m venv $(VENV)

# Stamps: reinstall only when a requirements file changes.
$(VENV)/.runtime: requirements.txt | $(PY)
	$(PIP) -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(PY)
	$(PIP) -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

install: $(VENV)/.runtime
install-dev: $(VENV)/.dev

run: $(VENV)/.runtime
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	@echo "Tute is at http://$(HOST):$(PORT)/ (Ctrl+C stops it; the data stays in var/)."
	$(BIN)/uvicorn tute_site.asgi:application --host $(HOST) --port $(PORT) $(UVICORN_LIMITS)

test: $(VENV)/.dev typecheck
	$(BIN)/pytest -n auto --maxprocesses=4

# The optional compiled engine (mypyc, needs a C compiler and the Python headers): built into
# build/engine-compiled and used when present and up to date (TUTE_ENGINE=pure|compiled|auto;
# docs/engine.md). Rebuilt only when an engine source changed.
engine-compiled: $(VENV)/.dev
	$(PY) -m games.engine.build --if-stale

typecheck: $(VENV)/.dev
	$(if $(PURE_PACKAGES),$(BIN)/mypy $(PURE_PACKAGES),@echo "no pure packages yet")

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Production-like: DATABASE_URL, REDIS_URL, DJANGO_SECRET_KEY and ALLOWED_HOSTS come from the
# environment or from a .env file (honcho reads it). See docs/deploy.md.
prod: export DJANGO_SETTINGS_MODULE ?= tute_site.settings.production
prod: $(VENV)/.runtime
	mkdir -p var
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/honcho run python manage.py migrate --noinput
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/honcho run python manage.py collectstatic --noinput -v0
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/honcho start -f Procfile -p $(PORT)

# Translations: update the catalogues from the sources (needs GNU gettext), then translate the
# new entries of locale/es and locale/it (English is filled in from the source strings).
messages: $(VENV)/.runtime
	$(PY) manage.py makemessages $(LOCALES) $(MESSAGES_OPTIONS)
	msgen -o locale/en/LC_MESSAGES/django.po locale/en/LC_MESSAGES/django.po
	@for lang in es en it; do \
	  echo -n "$$lang: "; msgfmt --statistics -o /dev/null locale/$$lang/LC_MESSAGES/django.po; \
	done

compilemessages: $(VENV)/.runtime
	$(PY) manage.py compilemessages --ignore=.venv --ignore=var --ignore=staticfiles
