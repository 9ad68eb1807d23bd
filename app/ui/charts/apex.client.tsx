// Browser-only: Remix leaves `.client` modules out of the server build, so
// ApexCharts never reaches the Worker. Imported lazily by lazy-chart.tsx.
export { default } from "react-apexcharts";
