/// The simulation kernel (time, the event queue, the loop) is its own module; every
/// user of PushSim sees it through this one.
@_exported import SimKernel
