/// Everything the simulator offers in one import, for packages that depend on the `TribeBoardSimulator` product:
/// the engine, the renderers, transcripts, validation and the terminal front-end. Within this package each target
/// imports only the modules it needs.
@_exported import TribeBoardEngine
@_exported import TribeBoardRendering
@_exported import TribeBoardTerminal
@_exported import TribeBoardTranscripts
@_exported import TribeBoardValidation
