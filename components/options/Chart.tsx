import { useEffect, useRef } from 'preact/hooks';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip);

/** A Chart.js chart that follows its config and is destroyed with the component. */
export function ChartView({ config, label, testId }: { config: ChartConfiguration; label: string; testId?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      ...config,
      options: { animation: false, responsive: true, maintainAspectRatio: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <figure class="chart" data-testid={testId}>
      <figcaption>{label}</figcaption>
      <div class="chart-box">
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
    </figure>
  );
}
