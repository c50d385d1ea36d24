"""`deckwright schema`: export the schemas packs use, and associate content files with them in an editor."""

from __future__ import annotations

import json
from pathlib import Path

import click

from deckwright.authoring.editor import EDITORS
from deckwright.commands.options import OutputPath, packs_argument

DEFAULT_FOLDER = ".deckwright/schemas"


@click.command()
@packs_argument
@click.option("--editor", type=click.Choice(EDITORS), default=None,
              help="Also write the editor's settings so it validates and completes every content file.")
@click.option("-o", "--output", type=OutputPath(file_okay=False), default=DEFAULT_FOLDER, show_default=True,
              help="Folder the schemas are exported to (relative to the working directory).")
def schema(packs: tuple[str, ...], editor: str | None, output: str) -> None:
    """Export the core and pack schemas with local $refs (their $id URLs are not served).

    With --editor vscode, .vscode/settings.json maps every pack file glob to its schema under
    `yaml.schemas` (the YAML language server), keeping the settings already there.
    """
    from deckwright.authoring.editor import SETTINGS, export_schemas, read_settings, strip_jsonc, vscode_settings
    from deckwright.errors import DeckwrightError
    from deckwright.model import load_pack
    from deckwright.runs.targets import find_packs
    from deckwright.output import write_atomic

    root = Path.cwd()
    loaded = []
    for target in find_packs(packs):
        result = load_pack(target.folder, target.display)
        if result.pack is None or result.store is None:
            raise DeckwrightError(f"{target.display}: the pack does not load; run `deckwright lint` on it")
        loaded.append((result.pack, result.store))
    export = export_schemas(loaded, root / output, root)
    for path, contents in sorted(export.files.items()):
        write_atomic(path, json.dumps(contents, indent=2, ensure_ascii=False) + "\n")
    click.echo(f"exported {len(export.files)} schemas to {output}")
    if editor is not None:
        settings_path = root / SETTINGS[editor]
        settings = vscode_settings(read_settings(settings_path), export, output)
        before = settings_path.read_text(encoding="utf-8") if settings_path.exists() else ""
        if strip_jsonc(before) != before:  # JSON is written back: comments and trailing commas are not kept
            backup = settings_path.with_name(settings_path.name + ".bak")
            write_atomic(backup, before)
            click.echo(f"{SETTINGS[editor]} had comments, which JSON cannot keep: the file as it was is in "
                       f"{backup.relative_to(root)}", err=True)
        write_atomic(settings_path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n")
        click.echo(f"associated {sum(len(g) for g in export.associations.values())} file globs in {SETTINGS[editor]}")
