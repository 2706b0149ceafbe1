#!/usr/bin/python3
"""Several campaign files as one, for one bench run (tools/ngcc bench
--campaign A --campaign B: the libraries of several packages measured side
by side).

    ngcc_campaign.py merge OUT FILE [FILE ...]

OUT gets every library of every FILE, its path made absolute against the
file it came from, and the run's settings (sizes, variants, baselines,
overrides) from whichever files state them; two files that state one
differently, or list the same library label twice, are refused in one line.
bench checks the rest as for any campaign (bench/README.md).
"""

import os
import sys

import yaml

SETTINGS = ("sizes", "variants", "baselines", "overrides")


class CampaignError(Exception):
    """A one-line refusal."""


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        raise CampaignError("%s: %s" % (path, str(e).splitlines()[0]))
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise CampaignError("%s: expected a mapping" % path)
    return doc


def merged(paths):
    out, stated, labels = {}, {}, {}
    for path in paths:
        doc = load(path)
        for key in SETTINGS:
            if key not in doc:
                continue
            if key in out and out[key] != doc[key]:
                raise CampaignError("%s: %s differs from the one in %s" % (path, key, stated[key]))
            out[key], stated[key] = doc[key], path
        base = os.path.dirname(os.path.abspath(path))
        libraries = doc.get("libraries") or []
        if not isinstance(libraries, list):
            raise CampaignError("%s: libraries: expected a list" % path)
        for i, entry in enumerate(libraries):
            if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
                raise CampaignError("%s: libraries[%d]: expected a mapping with a path" % (path, i))
            entry = dict(entry, path=os.path.join(base, entry["path"]))
            label = (entry.get("instance") or entry.get("name"), entry.get("variant"))
            if label in labels:
                raise CampaignError("%s: libraries[%d]: %s/%s is also in %s" % (path, i, label[0], label[1],
                                                                               labels[label]))
            labels[label] = path
            out.setdefault("libraries", []).append(entry)
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 3 or argv[0] != "merge":
        print("usage: ngcc_campaign.py merge OUT FILE [FILE ...]", file=sys.stderr)
        return 2
    out, paths = argv[1], argv[2:]
    try:
        doc = merged(paths)
    except CampaignError as e:
        print("ngcc: campaign: %s" % e, file=sys.stderr)
        return 1
    with open(out, "w", encoding="utf-8") as f:
        f.write("# tools/ngcc bench: the campaigns %s in one\n" % " ".join(paths))
        yaml.safe_dump(doc, f, sort_keys=False, width=1000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
