import PushSim
import PushSimCommand

var registry = PluginRegistry.builtIn
try registry.add(strategy: HintPullRetry.self)
PushSimCommand.main(registry: registry)
