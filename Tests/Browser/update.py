"""Reads an update of `tribeboard serve` (UpdateFormat.swift): a first template with the version, wait, reload
and address, then one `<template data-region="NAME">` per part of the page."""
import html
import re

ACCEPT = "application/vnd.tribeboard.update+html"
_META = re.compile(r'<template ([^>]*)></template>')
_ATTRIBUTE = re.compile(r'data-(\w+)(?:="([^"]*)")?')
_REGION = re.compile(r'<template data-region="(\w+)">(.*?)</template>', re.S)


def parse(text):
    """The update as a dict: version, wait, reload, url, problem (when refused), and each part's HTML by name."""
    meta = _META.match(text)
    if not meta:
        raise ValueError(f"not an update: {text[:120]!r}")
    attributes = {name: html.unescape(value or "") for name, value in _ATTRIBUTE.findall(meta.group(1))}
    state = {
        "version": int(attributes.get("version", -1)),
        "wait": int(attributes.get("wait", 0)),
        "reload": "reload" in attributes,
        "url": attributes.get("url"),
    }
    if "problem" in attributes:
        state["problem"] = attributes["problem"]
    for name, part in _REGION.findall(text[meta.end():]):
        state[name] = part
    return state
