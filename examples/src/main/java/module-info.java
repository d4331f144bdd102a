/**
 * The README's and docs/usage.md's examples, compiled against pool-core's exported packages only
 * (this module requires nothing else, so a use of an internal package fails the build).
 */
module io.github.taskpools.examples {
    requires io.github.taskpools;
    exports io.github.taskpools.examples;
}
