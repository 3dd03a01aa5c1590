package racepipe.pipeline.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code racepipe completion}: the bash (and zsh) completion script, from picocli's generator. */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Print the shell completion script for racepipe (bash; zsh after bashcompinit).",
                "Try it with: source <(racepipe completion); install it with:",
                "racepipe completion > ~/.local/share/bash-completion/completions/racepipe"})
public final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(AutoComplete.bash("racepipe", spec.root().commandLine()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
