package io.stackdrift.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Plans of every format with a canary string planted in every place a value lives: before/after values,
 * sensitive values and sensitive map keys, unknown-mask neighbours, outputs, variables, configuration,
 * Pulumi config, state inputs/outputs, program output. No canary may appear in anything shown.
 */
public final class CanaryPlans {
    public static final String CANARY = "CANARY-7f3a9";

    private CanaryPlans() {
    }

    /** Writes one file per format into {@code dir}; returns them. */
    public static List<Path> write(final Path dir) throws IOException {
        String c = CANARY;
        String before = "{\"name\":\"" + c + "-b\",\"tags\":{\"Team\":\"" + c + "-t1\"},\"password\":\"" + c + "-p1\","
                + "\"secrets\":{\"" + c + "-key\":\"" + c + "-v\"},\"list\":[{\"cidr\":\"" + c + "-1\"}],\"n\":1}";
        String after = "{\"name\":\"" + c + "-a\",\"tags\":{\"Team\":\"" + c + "-t2\"},\"password\":\"" + c + "-p2\","
                + "\"secrets\":{\"" + c + "-key2\":\"" + c + "-v\"},\"list\":[{\"cidr\":\"" + c + "-2\"},{\"cidr\":\"" + c
                        + "-3\"}],\"n\":2}";
        String sensitive = "{\"password\":true,\"secrets\":true}";
        String change = "{\"actions\":[\"update\"],\"before\":" + before + ",\"after\":" + after
                + ",\"after_unknown\":{},\"before_sensitive\":" + sensitive + ",\"after_sensitive\":" + sensitive
                + ",\"replace_paths\":[[\"secrets\",\"" + c + "-key2\"]]}";
        String terraform = "{\"format_version\":\"1.2\",\"terraform_version\":\"1.9.0\","
                + "\"variables\":{\"v\":{\"value\":\"" + c + "-var\"}},"
                + "\"planned_values\":{\"outputs\":{\"o\":{\"sensitive\":true,\"value\":\"" + c + "-out\"}},\"root_module\":{}},"
                + "\"resource_drift\":[{\"address\":\"aws_x.a\",\"type\":\"aws_x\",\"name\":\"a\",\"change\":" + change + "}],"
                + "\"resource_changes\":[{\"address\":\"aws_x.a\",\"type\":\"aws_x\",\"name\":\"a\",\"change\":" + change + "},"
                + "{\"address\":\"aws_x.b\",\"type\":\"aws_x\",\"change\":{\"actions\":[\"delete\",\"create\"],\"before\":" + before
                + ",\"after\":" + after + ",\"before_sensitive\":true,\"after_sensitive\":true}}],"
                + "\"output_changes\":{\"o\":{\"actions\":[\"update\"],\"before\":\"" + c + "-o1\",\"after\":\"" + c + "-o2\","
                + "\"before_sensitive\":true,\"after_sensitive\":true}},"
                + "\"prior_state\":{\"values\":{\"root_module\":{\"resources\":[{\"values\":" + before + "}]}}},"
                + "\"configuration\":{\"root_module\":{\"resources\":[{\"expressions\":{\"name\":{\"constant_value\":\"" + c + "\"}}}]}},"
                + "\"errored\":false}";
        String stream = String.join("\n",
                "{\"@level\":\"info\",\"@message\":\"Terraform 1.9.0\",\"type\":\"version\",\"terraform\":\"1.9.0\",\"ui\":\"1.2\"}",
                "{\"@level\":\"info\",\"@message\":\"aws_x.a: Refresh complete [id=" + c + "]\",\"type\":\"refresh_complete\","
                        + "\"hook\":{\"resource\":{\"addr\":\"aws_x.a\",\"resource_type\":\"aws_x\"},\"id_key\":\"id\",\"id_value\":\"" + c
                                + "\"}}",
                "{\"@level\":\"info\",\"type\":\"resource_drift\",\"change\":{\"resource\":{\"addr\":\"aws_x.a\","
                        + "\"resource_type\":\"aws_x\"},\"action\":\"update\"}}",
                "{\"@level\":\"info\",\"type\":\"planned_change\",\"change\":{\"resource\":{\"addr\":\"aws_x.i\","
                        + "\"resource_type\":\"aws_x\"},"
                        + "\"action\":\"import\",\"importing\":{\"id\":\"" + c + "\"},\"generated_config\":\"name = \\\"" + c + "\\\"\"}}",
                "{\"@level\":\"warn\",\"type\":\"diagnostic\",\"diagnostic\":{\"severity\":\"warning\",\"summary\":\"" + c
                        + "\",\"detail\":\"" + c + "\"}}",
                "{\"@level\":\"info\",\"type\":\"change_summary\",\"changes\":{\"add\":0,\"change\":0,\"import\":1,\"remove\":0,"
                        + "\"operation\":\"plan\"}}",
                "{\"@level\":\"info\",\"type\":\"outputs\",\"outputs\":{\"o\":{\"sensitive\":true,\"value\":\"" + c + "\"}}}") + "\n";
        String state = "{\"type\":\"aws:s3/bucket:Bucket\",\"inputs\":{\"tags\":{\"Env\":\"" + c + "\"},\"pw\":\"" + c + "\"},"
                + "\"outputs\":{\"arn\":\"" + c + "\"}}";
        String digest = "{\"config\":{\"p:secret\":\"" + c + "\"},\"steps\":["
                + "{\"op\":\"same\",\"urn\":\"urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev\",\"newState\":" + state + "},"
                + "{\"op\":\"update\",\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\",\"oldState\":" + state
                + ",\"newState\":" + state
                + ",\"diffReasons\":[\"tags\"],\"detailedDiff\":{\"tags.Env\":{\"kind\":\"update\",\"inputDiff\":false}}},"
                + "{\"op\":\"read\",\"urn\":\"urn:pulumi:dev::p::pulumi:pulumi:StackReference::net\","
                        + "\"newState\":{\"type\":\"pulumi:pulumi:StackReference\","
                + "\"inputs\":{\"name\":\"network\"},\"outputs\":{\"outputs\":{\"vpc\":\"" + c + "\"}}}}],"
                + "\"diagnostics\":[{\"message\":\"" + c + " printed by the program\",\"severity\":\"info\"}],"
                + "\"changeSummary\":{\"same\":1,\"update\":1}}";
        String events = String.join("\n",
                "{\"sequence\":0,\"timestamp\":0,\"preludeEvent\":{\"config\":{\"p:secret\":\"" + c + "\"}}}",
                "{\"sequence\":1,\"timestamp\":0,\"stdoutEvent\":{\"message\":\"" + c + "\",\"color\":\"raw\"}}",
                "{\"sequence\":2,\"timestamp\":0,\"resourcePreEvent\":{\"metadata\":{\"op\":\"refresh\","
                        + "\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\","
                        + "\"type\":\"aws:s3/bucket:Bucket\",\"old\":" + state + ",\"new\":" + state + ",\"detailedDiff\":null}}}",
                "{\"sequence\":3,\"timestamp\":0,\"resOutputsEvent\":{\"metadata\":{\"op\":\"update\","
                        + "\"urn\":\"urn:pulumi:dev::p::aws:s3/bucket:Bucket::b\","
                        + "\"type\":\"aws:s3/bucket:Bucket\",\"old\":" + state + ",\"new\":" + state + ",\"diffs\":[\"tags\"],"
                        + "\"detailedDiff\":{\"tags.Env\":{\"diffKind\":\"update\",\"inputDiff\":false}}}}}",
                "{\"sequence\":4,\"timestamp\":0,\"diagnosticEvent\":{\"message\":\"" + c + "\",\"color\":\"raw\",\"severity\":\"info\"}}",
                "{\"sequence\":5,\"timestamp\":0,\"summaryEvent\":{\"resourceChanges\":{\"update\":1},\"result\":\"succeeded\"}}") + "\n";
        return List.of(
                Files.writeString(dir.resolve("canary.plan.json"), terraform),
                Files.writeString(dir.resolve("canary.plan-stream.jsonl"), stream),
                Files.writeString(dir.resolve("canary.preview.json"), digest),
                Files.writeString(dir.resolve("canary.engine-events.jsonl"), events));
    }
}
