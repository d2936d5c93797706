import * as aws from "@pulumi/aws";
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const clusterSize = config.requireNumber("clusterSize");

const registry = new aws.ecr.Repository("images", {
    imageTagMutability: "IMMUTABLE",
});

const cluster = new aws.ecs.Cluster("platform", {
    settings: [{ name: "containerInsights", value: "enabled" }],
});

export const registryUrl = registry.repositoryUrl;
export const clusterName = cluster.name;
export const size = clusterSize;
