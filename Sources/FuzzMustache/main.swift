import FuzzHarness

// libFuzzer's entry point. A `make fuzz` build runs libFuzzer's driver over it; a plain build
// replays the files and folders named on the command line.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.mustache.fuzz(data, size)
}

FuzzTarget.mustache.main(fuzzing: fuzzOneInput)
