import * as aws from "@pulumi/aws";
import * as pulumi from "@pulumi/pulumi";

// dependsOn: auto in stacks.yaml: the preview's StackReference reads tell Stack Drift what this waits for.
const platform = new pulumi.StackReference("acme/platform/prod");
const clusterName = platform.getOutput("clusterName");

const config = new pulumi.Config();
const replicas = config.requireNumber("replicas");

const logs = new aws.cloudwatch.LogGroup("shop", {
    retentionInDays: 14,
});

const service = new aws.ecs.Service("shop", {
    cluster: clusterName,
    desiredCount: replicas,
});

export const serviceName = service.name;
export const logGroup = logs.name;
